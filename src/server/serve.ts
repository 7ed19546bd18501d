import { DataDirInUseError } from './db/data-dir-lock';
import { startServer } from './main';

startServer().catch((err: unknown) => {
  // A data directory in use is the operator's situation, not a bug: say it plainly.
  console.error('Chorus failed to start:', err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});

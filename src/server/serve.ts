/**
 * The server's entry point (npm start runs it compiled: scripts/build-server.mjs).
 *
 * The embedded database takes about a second to open in its worker thread. It is started here,
 * before the rest of the server (Next.js and every feature) is loaded, so that the two happen at
 * once; the server then waits for the same opening (openDatabase returns it).
 */
import path from 'node:path';
import { env } from '@/config/env';
import { DataDirInUseError } from './db/data-dir-lock';
import { openDatabase } from './db/open';

function startOpeningDatabase(): void {
  let config;
  try {
    config = env();
  } catch {
    return; // the server reports a bad environment, before touching any database
  }
  const opening = openDatabase(
    config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: path.resolve(config.CHORUS_DATA_DIR) },
  );
  // The server awaits the same opening and reports its failure.
  opening.catch(() => undefined);
}

startOpeningDatabase();
const { startServer } = await import('./main');

startServer().catch((err: unknown) => {
  // A data directory in use is the operator's situation, not a bug: say it plainly.
  console.error('Chorus failed to start:', err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});

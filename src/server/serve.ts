import { startServer } from './main';

startServer().catch((err: unknown) => {
  console.error('Chorus failed to start:', err);
  process.exit(1);
});

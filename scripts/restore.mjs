#!/usr/bin/env node
/** npm run restore: loads the TypeScript CLI through tsx, like scripts/seed-demo.mjs. See docs/operations.md. */
const { register } = await import('tsx/esm/api');
register();
const { runCli } = await import('../src/server/backup/cli');
runCli('restore', process.argv.slice(2));

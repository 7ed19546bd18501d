#!/usr/bin/env node
/** npm run seed:demo: loads the TypeScript seeder through tsx, like scripts/start.mjs loads the server. */
const { register } = await import('tsx/esm/api');
register();
await import('../src/composition/demo/cli');

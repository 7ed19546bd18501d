#!/usr/bin/env node
/**
 * npm run dev: the server from its TypeScript sources, with Next.js in development mode (pages
 * recompile and the browser reloads them as files change), on the same database as npm start
 * (embedded PGlite in ./data, or DATABASE_URL). Migrations, first-run setup from the environment
 * and the background loops run as in production. Changes to the server's own code (src/server,
 * src/composition/background) need a restart. Nothing is built for production: npm start still
 * builds when the sources changed.
 */
import { spawn } from 'node:child_process';
import { buildWidgetLoader } from './build-server.mjs';

// The widget's loader is served from the build directory, as in production.
await buildWidgetLoader();

const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/serve.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'development', NEXT_TELEMETRY_DISABLED: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

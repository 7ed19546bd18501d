#!/usr/bin/env node
/**
 * npm start: builds the app when the production build is missing or older than the sources (the
 * Next.js build, then the server compiled by scripts/build-server.mjs), then starts the compiled
 * server (src/server/serve.ts). `--build-only` stops after the build check.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { buildStamp } from './build-stamp.mjs';
import { buildServer, SERVER_BUNDLE } from './build-server.mjs';

const STAMP_FILE = '.next/chorus-build-stamp';

const stamp = buildStamp();
const built =
  existsSync('.next/BUILD_ID') && existsSync(SERVER_BUNDLE) && existsSync(STAMP_FILE) && readFileSync(STAMP_FILE, 'utf8') === stamp;
if (!built) {
  console.log('Building Chorus (first start, or the sources changed)…');
  const result = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    console.error('The build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
  await buildServer();
  writeFileSync(STAMP_FILE, stamp);
}

if (!process.argv.includes('--build-only')) {
  await import(new URL(`../${SERVER_BUNDLE}`, import.meta.url).href);
}

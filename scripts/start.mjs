#!/usr/bin/env node
/**
 * npm start: builds the app when the production build is missing or older than the sources,
 * then starts the server (src/server/serve.ts). `--build-only` stops after the build check.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { buildStamp } from './build-stamp.mjs';

const STAMP_FILE = '.next/chorus-build-stamp';

const stamp = buildStamp();
const built = existsSync('.next/BUILD_ID') && existsSync(STAMP_FILE) && readFileSync(STAMP_FILE, 'utf8') === stamp;
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
  writeFileSync(STAMP_FILE, stamp);
}

if (!process.argv.includes('--build-only')) {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/server/serve.ts');
}

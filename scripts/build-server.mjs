/**
 * Compiles the server entry (src/server/serve.ts and what it imports from src/) into one ES
 * module, so that `npm start` runs JavaScript instead of transpiling TypeScript at every start.
 * Packages from node_modules stay imports; the Next.js pages are Next's own build (.next).
 */
import { build } from 'esbuild';

export const SERVER_BUNDLE = '.next/chorus-server/serve.mjs';

export async function buildServer() {
  await build({
    entryPoints: ['src/server/serve.ts'],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

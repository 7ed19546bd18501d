/**
 * Compiles the server entry (src/server/serve.ts and what it imports from src/) into ES modules,
 * so that `npm start` runs JavaScript instead of transpiling TypeScript at every start. Packages
 * from node_modules stay imports; the Next.js pages are Next's own build (.next). Split at the
 * entry's dynamic import of the server, so that the database starts opening before the server's
 * packages (Next.js) are loaded.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';

export const SERVER_BUNDLE = '.next/chorus-server/serve.mjs';
/** The embeddable widget's loader, served at /widget.js (src/features/widget/loader). */
export const WIDGET_LOADER = '.next/chorus-server/widget.js';
export const WIDGET_LOADER_ENTRY = 'src/features/widget/loader/loader.ts';

/** One minified script for browsers a few years old; no modules, nothing global but `Chorus`. */
export async function buildWidgetLoader({ write = true } = {}) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [WIDGET_LOADER_ENTRY],
    outfile: WIDGET_LOADER,
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['chrome100', 'firefox100', 'safari15'],
    tsconfig: 'tsconfig.json',
    legalComments: 'none',
    logLevel: 'warning',
    write,
  });
  return write ? undefined : result.outputFiles[0].text;
}

export async function buildServer() {
  // Imported here: a start that needs no build does not load the compiler.
  const { build } = await import('esbuild');
  rmSync(path.dirname(SERVER_BUNDLE), { recursive: true, force: true });
  await build({
    entryPoints: ['src/server/serve.ts'],
    outdir: path.dirname(SERVER_BUNDLE),
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  await buildWidgetLoader();
}

/**
 * Knip (`npm run lint`, scripts/test.sh step 2): files, exports and dependencies that nothing
 * uses. Next.js pages, Vitest and Playwright are found by knip's own plugins (src/pages, the
 * test files, the configs); the entries below are those no plugin knows.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // The server process (scripts/build-server.mjs bundles it) and the widget's loader script.
    'src/server/serve.ts',
    'src/features/widget/loader/loader.ts',
    // Started as a worker thread by its path (src/server/db/open.ts).
    'src/server/db/embedded/pglite-worker.mjs',
    'scripts/*.mjs',
    'scripts/**/*.ts',
    'bench/*.ts',
    'e2e/support/*.ts',
  ],
  project: ['src/**/*.{ts,tsx,mjs,css}', 'scripts/**/*.{ts,mjs}', 'bench/**/*.ts', 'e2e/**/*.ts'],
  // An export that its own file uses (a schema that a type derives from) is not dead.
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // Its font files are loaded by path (src/composition/shell/font.ts, next/font/local), not imported.
    '@fontsource/poppins',
  ],
};

export default config;

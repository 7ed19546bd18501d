import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { testLanes } from './src/test/lanes.ts';

/** On PostgreSQL only the files that open a database run (src/test/lanes.ts). */
const onPostgres = Boolean(process.env.CHORUS_TEST_DATABASE_URL);
const root = fileURLToPath(new URL('.', import.meta.url));
const lanes = testLanes(root, ['src', 'scripts']);

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` },
      // As in the build (next.config.mjs): pages format compiled messages (src/i18n/compile.ts).
      { find: /^use-intl\/format-message$/, replacement: createRequire(import.meta.url).resolve('use-intl/format-message/format-only') },
    ],
  },
  test: {
    // Bundled by Vite, so that the alias above applies inside them too.
    server: { deps: { inline: ['use-intl'] } },
    environment: 'node',
    pool: 'forks',
    // One test file per core. Vitest's default leaves a core free (one worker on two cores);
    // measured here on 40 database test files: 160 s with one worker, 127 s with two.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // No visitor micro-cache on the PostgreSQL lane: tests write rows directly and read them back
    // at once (src/server/cache/visitor-cache.ts; the PGlite lane's exact cache is emptied per test).
    env: { CHORUS_VISITOR_CACHE_SECONDS: '0', CHORUS_NOTIFICATION_DIGEST_SECONDS: '0' },
    projects: [
      {
        extends: true,
        test: { name: 'database', include: lanes.database, globalSetup: ['./src/test/global-setup.ts'] },
      },
      ...(onPostgres
        ? []
        : [
            { extends: true as const, test: { name: 'isolated', include: lanes.isolated } },
            // One module graph per worker for files that neither open a database nor replace shared
            // state: measured here on 2 Dec 2026, these 68 files with the 6 isolated ones took 38 s
            // instead of 62 (imports 17 s instead of 34).
            { extends: true as const, test: { name: 'shared', include: lanes.shared, isolate: false } },
          ]),
    ],
  },
});

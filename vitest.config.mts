import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./src/test/global-setup.ts'],
    // No visitor micro-cache on the PostgreSQL lane: tests write rows directly and read them back
    // at once (src/server/cache/visitor-cache.ts; the PGlite lane's exact cache is emptied per test).
    env: { CHORUS_VISITOR_CACHE_SECONDS: '0', CHORUS_NOTIFICATION_DIGEST_SECONDS: '0' },
  },
});

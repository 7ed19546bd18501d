import { expect, test } from './support/fixtures';

/**
 * Server code never reaches the browser: no script a page loads may contain the database
 * schema, the session code or the server's libraries. (A page's getServerSideProps must live in
 * a *.loader.ts beside it: re-exported from the component's module, Next.js cannot strip it.)
 */
const SERVER_MARKERS = ['workspace_settings', 'token_hash', 'rate_limits', 'pg_advisory_lock', '@node-rs/argon2', 'pino-std-serializers'];
const PAGES = ['/', '/privacy', '/docs/api', '/login', '/signup', '/forgot-password', '/no-such-page'];

test('no script served to the browser contains server code', async ({ guardedPage: page }) => {
  const scripts = new Map<string, string>();
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') scripts.set(res.url(), await res.text().catch(() => ''));
  });
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
  }
  expect(scripts.size).toBeGreaterThan(3);
  const leaks = [...scripts].flatMap(([url, body]) => SERVER_MARKERS.filter((m) => body.includes(m)).map((m) => `${url}: ${m}`));
  expect(leaks).toEqual([]);
});

import { expect, test } from './support/fixtures';

test('with analytics not configured, no analytics code is downloaded and no banner shows', async ({ guardedPage: page, baseURL }) => {
  const scripts: string[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') scripts.push(await res.text().catch(() => ''));
  });
  const outside: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).origin !== new URL(baseURL!).origin) outside.push(req.url());
  });
  await page.goto('/');
  await page.getByTestId('sign-in-link').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  // posthog-js and its recorder: their public API and rrweb appear in no script the browser received.
  for (const body of scripts) {
    expect(body).not.toContain('opt_out_capturing');
    expect(body).not.toContain('rrweb');
  }
  await expect(page.getByTestId('consent-banner')).toHaveCount(0);
  await expect(page.getByTestId('analytics-off')).toBeVisible();
  expect(outside).toEqual([]);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /ph_|posthog/i.test(k)))).toEqual([]);
  expect((await page.context().cookies()).filter((c) => /ph_|posthog/i.test(c.name))).toEqual([]);
});

import { PORTS } from '../playwright.config';
import { expect, test } from './support/fixtures';

/**
 * Runs against the server whose analytics host accepts connections and never answers, with
 * consent already given: the product must render, navigate and paint without waiting for it.
 */
const ANALYTICS_ORIGIN = `http://127.0.0.1:${PORTS.standinBlackhole}`;

test('pages paint and navigate while the analytics host never answers', async ({ page }) => {
  const pending = new Set<string>();
  const attempted: string[] = [];
  page.on('request', (req) => {
    if (req.url().startsWith(ANALYTICS_ORIGIN)) {
      attempted.push(req.url());
      pending.add(req.url());
    }
  });
  const settle = (req: { url(): string }) => pending.delete(req.url());
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);

  await page.goto('/', { waitUntil: 'load' });
  await expect(page.getByRole('heading', { level: 1, name: 'Boards' })).toBeVisible();
  await expect.poll(() => attempted.length, { message: 'analytics was attempted (consent is given)' }).toBeGreaterThan(0);

  const painted = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length);
  expect(painted).toBe(1);
  // The page has painted and loaded while the analytics host has still not answered.
  expect(pending.size).toBeGreaterThan(0);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Boards' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Boards' })).toBeVisible();
  expect(pending.size).toBeGreaterThan(0);
});

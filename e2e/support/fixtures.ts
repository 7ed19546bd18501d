import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every e2e test gets a page that fails the test on a Content-Security-Policy violation or an
 * uncaught page error, so that a broken header or a crashing script never goes unnoticed.
 */
export const test = base.extend<{ guardedPage: Page }>({
  guardedPage: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      const text = msg.text();
      if (msg.type() === 'error' && /Content.Security.Policy|Refused to (load|execute|connect|apply)/i.test(text))
        problems.push(`CSP: ${text}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    await use(page);
    expect(problems, 'no CSP violations or uncaught errors').toEqual([]);
  },
});

export { expect };

/** Records every /_next/data request the page makes, to tell page loads from hash-only changes. */
export function trackDataRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/_next/data/')) urls.push(req.url());
  });
  return urls;
}

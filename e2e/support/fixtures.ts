import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every e2e test gets a page that fails the test on a Content-Security-Policy violation, an
 * uncaught page error or a message its catalogue lacks, so that a broken header, a crashing
 * script or a page without the words it needs never goes unnoticed.
 */
export const test = base.extend<{ guardedPage: Page }>({
  guardedPage: async ({ page }, use) => {
    const problems = watchPage(page);
    await use(page);
    expect(problems, 'no CSP violations, uncaught errors or missing messages').toEqual([]);
  },
});

/**
 * What the guarded page fails on, for a page a test opens itself (in a context of its own): CSP
 * violations, uncaught page errors, and messages its catalogue lacks or cannot format (use-intl
 * reports those in the console and shows the key instead: a page that forgot a namespace).
 */
export function watchPage(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (msg.type() !== 'error') return;
    if (/Content.Security.Policy|Refused to (load|execute|connect|apply)/i.test(text)) problems.push(`CSP: ${text}`);
    if (/MISSING_MESSAGE|INVALID_MESSAGE|FORMATTING_ERROR|INSUFFICIENT_PATH/.test(text)) problems.push(`catalogue: ${text}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return problems;
}

export { expect };

/** Records every /_next/data request the page makes, to tell page loads from hash-only changes. */
export function trackDataRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/_next/data/')) urls.push(req.url());
  });
  return urls;
}

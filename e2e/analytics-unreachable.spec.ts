import type { Page } from '@playwright/test';
import { PORTS } from '../playwright.config';
import { fillSignIn } from './support/account-ui';
import { adminContext, apiSignIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { createBoard, createPost, newMember } from './support/posts';

/**
 * Runs against the server whose analytics host accepts connections and never answers, with
 * consent already given (the `blackhole` project's storage state), so the analytics code loads
 * on every page: the product must render, navigate, paint and take input without waiting for it.
 *
 * The shell that loads analytics is the same on every page, so this proves it once per page kind
 * and audience (a visitor, a member, the team), and once for each kind of write (signing in
 * through the form, posting through the form, voting, commenting, a team change), instead of
 * running the whole suite a second time.
 */
const ANALYTICS_ORIGIN = `http://127.0.0.1:${PORTS.standinBlackhole}`;

/** Counts the requests to the analytics host, and those it has not answered (all of them). */
function watchAnalytics(page: Page) {
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
  return { pending, attempted };
}

/** Loads a page to its `load` event and checks it painted its heading. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'load' });
  await expect(page.locator('h1').first(), `${path} shows its heading`).toBeVisible();
  // The paint entry is recorded after the frame is presented, which on a loaded machine can come
  // after the heading is already visible to the test: wait for it, do not read it once.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length), { message: `${path} painted` })
    .toBe(1);
}

test('pages paint and navigate while the analytics host never answers', async ({ guardedPage: page }) => {
  const { pending, attempted } = watchAnalytics(page);

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

test('every page kind, for a visitor, a member and the team, and every kind of write, works while the analytics host never answers', async ({
  guardedPage: page,
  baseURL,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await adminContext(browser, baseURL!);
  const member = await newMember(browser, admin.request, baseURL!, 'Blackhole Member');
  const board = await createBoard(admin.request, baseURL!, 'blackhole');
  const teamPost = await createPost(admin.request, baseURL!, board.slug, `Offline export ${Date.now().toString(36)}`);
  await admin.close();

  const { pending, attempted } = watchAnalytics(page);

  // A visitor's pages.
  for (const path of ['/', `/b/${board.slug}`, `/p/${teamPost.number}`, '/roadmap', '/changelog', '/privacy', '/signup']) {
    await visit(page, path);
  }
  await expect.poll(() => attempted.length, { message: 'analytics was attempted (consent is given)' }).toBeGreaterThan(0);

  // Signing in through the form.
  await visit(page, '/login');
  await fillSignIn(page, member);
  await expect(page.getByTestId('account-menu')).toBeVisible();

  // Posting through the form.
  await visit(page, `/b/${board.slug}/new`);
  const title = `Works without analytics ${Date.now().toString(36)}`;
  await page.getByLabel('Title').fill(title);
  await page.getByTestId('new-post-submit').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Voting and commenting on the team's post.
  await visit(page, `/p/${teamPost.number}`);
  const vote = page.getByTestId('vote-button').first();
  await expect(vote).toHaveAttribute('aria-pressed', 'false');
  const voted = page.waitForResponse((r) => r.url().endsWith(`/api/v1/posts/${teamPost.number}/vote`) && r.request().method() === 'PUT');
  await vote.click();
  expect((await voted).status()).toBe(200);
  await expect(vote).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('comment-form').getByLabel('Your comment', { exact: true }).fill('Needed offline too');
  await page.getByTestId('comment-submit').click();
  await expect(page.getByTestId('comment').filter({ hasText: 'Needed offline too' })).toBeVisible();

  // A member's own pages.
  for (const path of ['/notifications', '/settings/account', '/settings/notifications']) await visit(page, path);

  // The team's pages, and a team change: the post's status, from its sidebar.
  await page.context().clearCookies();
  await apiSignIn(page.context().request, baseURL!);
  for (const path of ['/admin', '/admin/inbox', '/admin/boards', '/admin/members', '/admin/settings', '/admin/changelog', '/admin/audit']) {
    await visit(page, path);
  }
  await visit(page, `/p/${teamPost.number}`);
  await page.getByTestId('property-status').click();
  const statusEditor = page.getByTestId('status-editor');
  await statusEditor.getByLabel('Planned', { exact: true }).check();
  await statusEditor.getByRole('button', { name: 'Save status' }).click();
  await expect(statusEditor).toHaveCount(0);
  await expect(page.getByTestId('property-status')).toContainText('Planned');

  // The analytics host has answered none of what was sent to it, all along.
  expect(pending.size).toBeGreaterThan(0);
});

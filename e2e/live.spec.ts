/**
 * Live updates (issue 12, "Live updates"): two people in two browser contexts see each other's
 * votes and comments without a reload, on the post page, on the board page and on the roadmap;
 * a status change and a merge appear on an open post page; new comments are announced politely
 * and take no focus. Runs on one instance (plain) and on two instances behind the balancer (lb),
 * where each context's stream and writes may reach either instance.
 */
import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { adminContext } from './support/accounts';
import { setPostStatus, statusIdBySlug } from './support/board-seed';
import { createBoard, createPost, memberContext } from './support/posts';
import { expect, test } from './support/fixtures';

/**
 * Opens `url` and waits for the page's one event stream to answer: the server subscribes it
 * before it sends its first bytes, so nothing done after this is missed.
 */
async function openLive(page: Page, url: string): Promise<void> {
  const stream = page.waitForResponse((r) => r.url().includes('/api/v1/events?') && r.status() === 200);
  await page.goto(url);
  await stream;
}

const sidebarCount = (page: Page) => page.getByTestId('post-sidebar').getByTestId('vote-count');

test.describe('live updates', () => {
  test('two people on one post page see each other’s votes and comments live; focus and typing are kept', async ({ browser, baseURL }) => {
    const admin = await adminContext(browser, baseURL!);
    const board = await createBoard(admin.request, baseURL!, 'live');
    const ann = await memberContext(browser, admin.request, baseURL!, 'Ann Live');
    const ben = await memberContext(browser, admin.request, baseURL!, 'Ben Live');
    const post = await createPost(ann.context.request, baseURL!, board.slug, `Live post ${Date.now()}`);
    const a = await ann.context.newPage();
    const b = await ben.context.newPage();
    await Promise.all([openLive(a, `/p/${post.number}`), openLive(b, `/p/${post.number}`)]);
    await expect(sidebarCount(a)).toHaveText('0');

    // Ben votes: Ann's count goes up without a reload; Ben takes it back: down again.
    await b.getByTestId('post-sidebar').getByTestId('vote-button').click();
    await expect(sidebarCount(b)).toHaveText('1');
    await expect(sidebarCount(a)).toHaveText('1');
    await b.getByTestId('post-sidebar').getByTestId('vote-button').click();
    await expect(sidebarCount(a)).toHaveText('0');

    // Ann is typing a comment when Ben's arrives: it joins the list, is announced, and her focus and text stay.
    const annBox = a.getByTestId('comment-form').getByLabel('Your comment', { exact: true });
    await annBox.fill('Half-written thought');
    await annBox.focus();
    await b.getByTestId('comment-form').getByLabel('Your comment', { exact: true }).fill('Ben says this matters to us');
    await b.getByTestId('comment-submit').click();
    await expect(a.getByTestId('comment').filter({ hasText: 'Ben says this matters to us' })).toBeVisible();
    await expect(a.getByTestId('comments-live')).toHaveText('New comment from Ben Live');
    await expect(a.getByTestId('comments-live')).toHaveAttribute('aria-live', 'polite');
    await expect(annBox).toBeFocused();
    await expect(annBox).toHaveValue('Half-written thought');

    for (const ctx of [ann.context, ben.context, admin]) await ctx.close();
  });

  test('an internal note never reaches a member’s open page; a status change and a merge do', async ({ browser, baseURL }) => {
    const admin = await adminContext(browser, baseURL!);
    const board = await createBoard(admin.request, baseURL!, 'live');
    const ann = await memberContext(browser, admin.request, baseURL!, 'Ann Reader');
    const post = await createPost(ann.context.request, baseURL!, board.slug, `Live status ${Date.now()}`);
    const target = await createPost(admin.request, baseURL!, board.slug, `Live target ${Date.now()}`);
    const a = await ann.context.newPage();
    const team = await admin.newPage();
    await Promise.all([openLive(a, `/p/${post.number}`), openLive(team, `/p/${post.number}`)]);

    const note = await admin.request.post(`/api/v1/posts/${post.number}/comments`, {
      data: { body: 'Internal: customer is on the enterprise plan', internal: true },
      headers: { Origin: baseURL! },
    });
    expect(note.status()).toBe(201);
    await expect(team.getByTestId('comment').filter({ hasText: 'enterprise plan' })).toBeVisible();
    const planned = await statusIdBySlug(admin.request, 'planned');
    await setPostStatus(admin.request, baseURL!, post.number, planned);
    await expect(a.getByTestId('status-history')).toContainText('Planned');
    await expect(a.getByText('enterprise plan')).toHaveCount(0);

    const merged = await admin.request.post(`/api/v1/posts/${post.number}/merge`, {
      data: { into: target.number },
      headers: { Origin: baseURL! },
    });
    expect(merged.status()).toBe(200);
    const banner = a.getByTestId('merged-banner');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link')).toHaveAttribute('href', new RegExp(`/p/${target.number}`));
    await expect(a.getByText('enterprise plan')).toHaveCount(0);

    for (const ctx of [ann.context, admin]) await ctx.close();
  });

  test('board and roadmap pages show vote counts and statuses live', async ({ browser, baseURL }) => {
    const admin = await adminContext(browser, baseURL!);
    const board = await createBoard(admin.request, baseURL!, 'live');
    const ann = await memberContext(browser, admin.request, baseURL!, 'Ann Board');
    const post = await createPost(admin.request, baseURL!, board.slug, `Live board ${Date.now()}`);
    await setPostStatus(admin.request, baseURL!, post.number, await statusIdBySlug(admin.request, 'planned'));
    const visitor = await browser.newContext({ baseURL });
    const boardPage = await visitor.newPage();
    const roadmap = await visitor.newPage();
    await openLive(boardPage, `/b/${board.slug}`);
    await openLive(roadmap, `/roadmap?board=${board.slug}`);
    const card = boardPage.getByTestId('post-card').filter({ hasText: 'Live board' });
    await expect(card.getByTestId('vote-count')).toHaveText('0');

    const voted = await ann.context.request.put(`/api/v1/posts/${post.number}/vote`, { data: {}, headers: { Origin: baseURL! } });
    expect(voted.status()).toBe(200);
    await expect(card.getByTestId('vote-count')).toHaveText('1');
    const roadmapCard = roadmap.locator(`[data-testid="roadmap-card"][data-number="${post.number}"]`);
    // The vote button, or the plain count when voting on the roadmap is off.
    await expect(roadmapCard.getByTestId(/^vote-count/).first()).toHaveText(/^1(?!\d)/);

    await setPostStatus(admin.request, baseURL!, post.number, await statusIdBySlug(admin.request, 'in-progress'));
    await expect(card).toContainText('In progress');

    for (const ctx of [ann.context, visitor, admin]) await ctx.close();
  });

  test('a post page with a live announcement has no axe violations (light and dark, 360 and 1280 px)', async ({ browser, baseURL }) => {
    const admin = await adminContext(browser, baseURL!);
    const board = await createBoard(admin.request, baseURL!, 'live');
    const post = await createPost(admin.request, baseURL!, board.slug, `Live axe ${Date.now()}`);
    const visitor = await browser.newContext({ baseURL });
    const page = await visitor.newPage();
    await openLive(page, `/p/${post.number}`);
    await admin.request.post(`/api/v1/posts/${post.number}/comments`, { data: { body: 'Live hello' }, headers: { Origin: baseURL! } });
    await expect(page.getByTestId('comments-live')).toHaveText(/New comment from/);
    const problems: string[] = [];
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        problems.push(...(await axeViolations(page, `${scheme} ${width}`)));
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    expect(problems).toEqual([]);
    for (const ctx of [visitor, admin]) await ctx.close();
  });
});

import type { APIRequestContext } from '@playwright/test';
import { apiSignIn, createMember } from './support/accounts';
import { expect, test, trackDataRequests } from './support/fixtures';
import { createBoard, createPost } from './support/posts';

// Boards come from POST /api/v1/boards (the boards API), created as the e2e admin.

async function setUp(playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } }, baseURL: string) {
  const admin = await playwright.request.newContext({ baseURL });
  await apiSignIn(admin, baseURL);
  const board = await createBoard(admin, baseURL, 'talk');
  const post = await createPost(admin, baseURL, board.slug, 'Let us talk about comments');
  const anon = await playwright.request.newContext({ baseURL });
  return { admin, board, post, anon };
}

const comment = (request: APIRequestContext, baseURL: string, number: number, body: string, internal = false) =>
  request.post(`/api/v1/posts/${number}/comments`, { data: { body, internal }, headers: { Origin: baseURL } }).then(async (r) => {
    if (r.status() !== 201) throw new Error(`comment failed: ${r.status()} ${await r.text()}`);
    return (await r.json()) as { id: number };
  });

test.describe('comments', () => {
  test('a member posts, edits and deletes a comment; team comments carry the Team badge', async ({
    guardedPage: page,
    baseURL,
    playwright,
  }) => {
    const { admin, post, anon } = await setUp(playwright, baseURL!);
    await comment(admin, baseURL!, post.number, 'We are **looking** into it.');
    const member = await createMember(admin, anon, baseURL!, 'Cora Commenter');
    await apiSignIn(page.context().request, baseURL!, member);

    await page.goto(`/p/${post.number}`);
    const team = page.getByTestId('comment').first();
    await expect(team.getByTestId('team-badge')).toBeVisible();
    await expect(team.locator('strong')).toHaveText('looking');
    const bell = page.getByTestId('subscribe-button');
    await expect(bell).toHaveAttribute('aria-pressed', 'false');

    await page.getByTestId('comment-form').getByLabel('Your comment', { exact: true }).fill('Me too, *please*');
    await page.getByTestId('comment-submit').click();
    const mine = page.getByTestId('comment').nth(1);
    await expect(mine.locator('em')).toHaveText('please');
    await expect(mine.getByTestId('team-badge')).toHaveCount(0);
    await expect(mine).toBeFocused();
    // Commenting subscribed them: "Get updates" says so without a reload.
    await expect(bell).toHaveAttribute('aria-pressed', 'true');

    await mine.getByTestId('comment-edit').click();
    await mine.getByLabel('Edit comment', { exact: true }).fill('Me too, edited');
    await mine.getByRole('button', { name: 'Save' }).click();
    await expect(mine).toContainText('Me too, edited');
    await expect(mine).toContainText('(edited)');

    await mine.getByTestId('comment-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete comment' }).click();
    await expect(mine).toHaveText('This comment was deleted.');
    await expect(page.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
  });

  // Behind a balancer a live update's reload can still be on its way when the member saves: the
  // answer to that earlier reload (from before the save) must not become the page after the save.
  test('an edit saved while a live update is reloading the page stays on the page', async ({ guardedPage: page, baseURL, playwright }) => {
    const { admin, post, anon } = await setUp(playwright, baseURL!);
    const member = await createMember(admin, anon, baseURL!, 'Edith Overtaken');
    await apiSignIn(page.context().request, baseURL!, member);
    await page.goto(`/p/${post.number}`);
    await page.getByTestId('comment-form').getByLabel('Your comment', { exact: true }).fill('First words');
    await page.getByTestId('comment-submit').click();
    // The oldest comment, so the first, whatever comes after it.
    const mine = page.getByTestId('comment').first();
    await expect(mine).toContainText('First words');
    await expect(mine).toBeFocused();

    // The next reload of the page's data is answered by the server at once and handed to the
    // browser only once the edit below has been saved and shown.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    let heldUrl = '';
    const delivered = new Promise<void>((resolve) => {
      void page.route('**/_next/data/**', async (route) => {
        if (held) return route.continue();
        held = true;
        heldUrl = route.request().url();
        const answer = await route.fetch();
        await released;
        await route.fulfill({ response: answer });
        resolve();
      });
    });
    // Someone else comments: the member's page hears it live and reloads its data (held above).
    await comment(admin, baseURL!, post.number, 'Another voice');
    await expect.poll(() => held).toBe(true);
    type Watched = {
      cancelledReloads: number;
      next: { router: { events: { on: (e: string, f: (err: { cancelled?: boolean }) => void) => void } } };
    };
    await page.evaluate(() => {
      const w = window as unknown as Watched;
      w.cancelledReloads = 0;
      w.next.router.events.on('routeChangeError', (err) => {
        if (err.cancelled) w.cancelledReloads += 1;
      });
    });

    await mine.getByTestId('comment-edit').click();
    await mine.getByLabel('Edit comment', { exact: true }).fill('Second words');
    await mine.getByRole('button', { name: 'Save' }).click();
    await expect(mine).toContainText('Second words');
    await expect(mine).toContainText('(edited)');
    await expect(page.getByTestId('comment').filter({ hasText: 'Another voice' })).toHaveCount(1);

    // Saving started a reload while the earlier one was on its way: the router dropped the earlier
    // one then. Its answer arrives now, and the page stays as saved.
    expect(await page.evaluate(() => (window as unknown as Watched).cancelledReloads)).toBeGreaterThan(0);
    const finished = page.waitForEvent('requestfinished', (r) => r.url() === heldUrl);
    release();
    await delivered;
    await finished;
    // The tasks that answer started have run.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    await expect(mine).toContainText('Second words');
    await expect(mine).toContainText('(edited)');
    await page.unroute('**/_next/data/**');
  });

  test("a moderator's internal note is labelled for the team and invisible to members", async ({
    guardedPage: page,
    baseURL,
    playwright,
    browser,
  }) => {
    const { admin, post, anon } = await setUp(playwright, baseURL!);
    await apiSignIn(page.context().request, baseURL!);
    await page.goto(`/p/${post.number}`);
    await page.getByTestId('comment-form').getByLabel('Your comment', { exact: true }).fill('Big customer asked for this');
    await page.getByTestId('comment-internal').check();
    await page.getByTestId('comment-submit').click();
    const note = page.getByTestId('comment').first();
    await expect(note).toContainText('Internal note — only the team sees this');
    await expect(note).toHaveAttribute('data-internal', 'true');

    const member = await createMember(admin, anon, baseURL!, 'Nosy Member');
    const memberContext = await browser.newContext({ baseURL });
    await apiSignIn(memberContext.request, baseURL!, member);
    const memberPage = await memberContext.newPage();
    await memberPage.goto(`/p/${post.number}`);
    await expect(memberPage.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(memberPage.getByText('Big customer asked for this')).toHaveCount(0);
    await expect(memberPage.getByTestId('comment-internal')).toHaveCount(0);
    await memberContext.close();
  });

  test('#comment-<id>: from another page it scrolls to and highlights the comment; on the same page it fetches nothing', async ({
    guardedPage: page,
    baseURL,
    playwright,
  }) => {
    const { admin, post } = await setUp(playwright, baseURL!);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await comment(admin, baseURL!, post.number, `Comment number ${i}\n\n${'Filler line. '.repeat(30)}`)).id);
    const last = ids[ids.length - 1]!;
    const first = ids[0]!;

    // From another page: a link to the comment (the post page links to itself from the board; here a typed visit to another page first).
    await page.setViewportSize({ width: 800, height: 500 });
    await page.goto('/privacy');
    await page.evaluate((href) => {
      const a = document.createElement('a');
      a.href = href;
      a.textContent = 'go to comment';
      a.id = 'e2e-comment-link';
      document.getElementById('main')!.appendChild(a);
    }, `/p/${post.number}-${post.slug}#comment-${last}`);
    await page.click('#e2e-comment-link');
    const target = page.locator(`#comment-${last}`);
    await expect(target).toBeFocused();
    await expect(target).toBeInViewport();
    expect(await target.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');

    // Same page: a permalink is a hash-only change.
    const data = trackDataRequests(page);
    await page.locator(`#comment-${first}`).getByTestId('comment-permalink').click();
    await expect(page).toHaveURL(new RegExp(`#comment-${first}$`));
    const firstTarget = page.locator(`#comment-${first}`);
    await expect(firstTarget).toBeFocused();
    await expect(firstTarget).toBeInViewport();
    await page.waitForTimeout(300);
    expect(data).toEqual([]);
  });
});

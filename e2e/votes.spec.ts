/**
 * Votes, the bell, voting on behalf and merging, in Chromium on the post page `/p/[number]`
 * (SPEC.md §2, §4), by role. The post page wires VoteButton, SubscribeBell, and for the team
 * VoteOnBehalf and MergeControl; the board and post are made through the API
 * (POST /api/v1/boards as the admin, POST /api/v1/posts as a member).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { adminContext, apiSignIn, createMember, type Credentials } from './support/accounts';
import { expect, test } from './support/fixtures';

const origin = (baseURL: string) => ({ Origin: baseURL });

async function createBoard(admin: APIRequestContext, baseURL: string): Promise<string> {
  const slug = `votes-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const res = await admin.post('/api/v1/boards', { data: { name: `Votes ${slug}`, slug }, headers: origin(baseURL) });
  if (!res.ok()) throw new Error(`board: ${res.status()} ${await res.text()}`);
  return slug;
}

async function createPost(request: APIRequestContext, baseURL: string, board: string, title: string): Promise<number> {
  const res = await request.post('/api/v1/posts', { data: { board, title, body: 'Please add this.' }, headers: origin(baseURL) });
  if (!res.ok()) throw new Error(`post: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { number?: number; post?: { number: number } };
  return body.number ?? body.post!.number;
}

async function voteCount(request: APIRequestContext, number: number): Promise<number> {
  const res = await request.get(`/api/v1/posts/${number}/votes?limit=1`);
  return ((await res.json()) as { voteCount: number }).voteCount;
}

const voteButton = (page: Page) => page.getByTestId('vote-button').first();

test.describe('votes on the post page', () => {
  let board: string;
  let member: Credentials;

  test.beforeAll(async ({ browser, baseURL }) => {
    const admin = await adminContext(browser, baseURL!);
    const anon = await browser.newContext({ baseURL });
    board = await createBoard(admin.request, baseURL!);
    member = await createMember(admin.request, anon.request, baseURL!, 'Vera Voter');
    await admin.close();
    await anon.close();
  });

  test('a member votes with one click, the count survives a reload, a second click takes it back, and voting subscribes unless they opted out', async ({
    guardedPage: page,
    baseURL,
  }) => {
    await apiSignIn(page.context().request, baseURL!, member);
    const number = await createPost(page.context().request, baseURL!, board, `Dark mode ${Date.now()}`);
    await page.goto(`/p/${number}`);
    const button = voteButton(page);
    const start = Number(await button.getByTestId('vote-count').textContent());
    const wasVoted = (await button.getAttribute('aria-pressed')) === 'true';
    if (wasVoted) {
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'false');
    }
    const base = wasVoted ? start - 1 : start;

    // The button answers at once; the reload below must wait for the server to have the vote.
    const saved = page.waitForResponse((r) => r.url().endsWith('/vote') && r.request().method() === 'PUT');
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(button.getByTestId('vote-count')).toHaveText(String(base + 1));
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(voteButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(voteButton(page).getByTestId('vote-count')).toHaveText(String(base + 1));
    // Voting subscribed them: the API says so, and the post page's "Get updates" control shows it on.
    const subscription = () =>
      page
        .context()
        .request.get(`/api/v1/posts/${number}/subscription`)
        .then((r) => r.json());
    expect(await subscription()).toEqual({ subscribed: true });
    await expect(page.getByTestId('subscribe-button')).toHaveAttribute('aria-pressed', 'true');

    const removed = page.waitForResponse((r) => r.url().endsWith('/vote') && r.request().method() === 'DELETE');
    await voteButton(page).click();
    await expect(voteButton(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(voteButton(page).getByTestId('vote-count')).toHaveText(String(base));
    expect((await removed).ok()).toBe(true);
    expect(await voteCount(page.context().request, number)).toBe(base);

    // An explicit choice wins over later automatic subscriptions: off stays off after voting again.
    const off = await page
      .context()
      .request.put(`/api/v1/posts/${number}/subscription`, { data: { subscribed: false }, headers: { Origin: baseURL! } });
    expect(off.status()).toBe(200);
    const again = page.waitForResponse((r) => r.url().endsWith('/vote') && r.request().method() === 'PUT');
    await voteButton(page).click();
    await expect(voteButton(page)).toHaveAttribute('aria-pressed', 'true');
    expect((await again).ok()).toBe(true);
    expect(await subscription()).toEqual({ subscribed: false });
  });

  test('rapid clicks settle on the last state and the server agrees', async ({ guardedPage: page, baseURL }) => {
    await apiSignIn(page.context().request, baseURL!, member);
    const number = await createPost(page.context().request, baseURL!, board, `Rapid clicks ${Date.now()}`);
    // The vote requests the page has sent and not yet seen answered: a reload while one is on its way
    // would cancel the ones the button still means to send.
    let pending = 0;
    const isVote = (url: string) => url.endsWith(`/api/v1/posts/${number}/vote`);
    page.on('request', (r) => void (isVote(r.url()) && pending++));
    page.on('requestfinished', (r) => void (isVote(r.url()) && pending--));
    page.on('requestfailed', (r) => void (isVote(r.url()) && pending--));
    await page.goto(`/p/${number}`);
    const button = voteButton(page);
    // A click before the page has hydrated does nothing: the first click's answer shows it has.
    await expect(async () => {
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true', { timeout: 1000 });
    }).toPass();
    // Four more in one task, faster than React renders between them: each must toggle what the button shows.
    await button.evaluate((b: HTMLButtonElement) => {
      for (let i = 0; i < 4; i++) b.click();
    });
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    // Settled: nothing on its way, and the server holds the last state (a DELETE then a PUT may follow the
    // first PUT, so the count alone can read 1 before the last two have landed).
    await expect.poll(async () => (pending === 0 ? voteCount(page.context().request, number) : 'sending')).toBe(1);
    await page.reload();
    await expect(voteButton(page).getByTestId('vote-count')).toHaveText('1');
  });

  test('a visitor who clicks vote is sent to sign in and back; members see no team controls', async ({
    guardedPage: page,
    baseURL,
    browser,
  }) => {
    const author = await browser.newContext({ baseURL });
    await apiSignIn(author.request, baseURL!, member);
    const number = await createPost(author.request, baseURL!, board, `Visitor click ${Date.now()}`);
    await page.goto(`/p/${number}`);
    await voteButton(page).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(`/p/${number}`)}`));

    await author.close();
    await apiSignIn(page.context().request, baseURL!, member);
    await page.goto(`/p/${number}`);
    await expect(voteButton(page)).toBeVisible();
    await expect(page.getByTestId('add-voter')).toHaveCount(0);
    await expect(page.getByTestId('merge-open')).toHaveCount(0);
  });

  test("one member's 20 concurrent vote requests count once (real server)", async ({ baseURL, browser }) => {
    const ctx = await browser.newContext({ baseURL });
    await apiSignIn(ctx.request, baseURL!, member);
    const number = await createPost(ctx.request, baseURL!, board, `Concurrent ${Date.now()}`);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ctx.request.put(`/api/v1/posts/${number}/vote`, { headers: origin(baseURL!) })),
    );
    expect(answers.map((a) => a.status())).toEqual(Array(20).fill(200));
    expect(await voteCount(ctx.request, number)).toBe(1);
    await ctx.close();
  });
});

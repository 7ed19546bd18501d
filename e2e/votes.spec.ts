/**
 * Votes, the bell, voting on behalf and merging, in Chromium on the post page `/p/[number]`
 * (SPEC.md §2, §4), by role. The post page wires VoteButton, SubscribeBell, and for the team
 * VoteOnBehalf and MergeControl; the board and post are made through the API
 * (POST /api/v1/boards as the admin, POST /api/v1/posts as a member).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations } from './support/account-ui';
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

    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(button.getByTestId('vote-count')).toHaveText(String(base + 1));
    await page.reload();
    await expect(voteButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(voteButton(page).getByTestId('vote-count')).toHaveText(String(base + 1));
    // Voting subscribed them (recorded for notifications; nothing is sent yet, so the page offers no Follow control).
    const subscription = () =>
      page
        .context()
        .request.get(`/api/v1/posts/${number}/subscription`)
        .then((r) => r.json());
    expect(await subscription()).toEqual({ subscribed: true });
    await expect(page.getByTestId('subscribe-bell')).toHaveCount(0);

    await voteButton(page).click();
    await expect(voteButton(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(voteButton(page).getByTestId('vote-count')).toHaveText(String(base));
    expect(await voteCount(page.context().request, number)).toBe(base);

    // An explicit choice wins over later automatic subscriptions: off stays off after voting again.
    const off = await page
      .context()
      .request.put(`/api/v1/posts/${number}/subscription`, { data: { subscribed: false }, headers: { Origin: baseURL! } });
    expect(off.status()).toBe(200);
    await voteButton(page).click();
    await expect(voteButton(page)).toHaveAttribute('aria-pressed', 'true');
    expect(await subscription()).toEqual({ subscribed: false });
  });

  test('rapid clicks settle on the last state and the server agrees', async ({ guardedPage: page, baseURL }) => {
    await apiSignIn(page.context().request, baseURL!, member);
    const number = await createPost(page.context().request, baseURL!, board, `Rapid clicks ${Date.now()}`);
    await page.goto(`/p/${number}`);
    const button = voteButton(page);
    for (let i = 0; i < 5; i++) await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => voteCount(page.context().request, number)).toBe(1);
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
    await expect(page.getByTestId('vote-on-behalf')).toHaveCount(0);
    await expect(page.getByTestId('merge-control')).toHaveCount(0);
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

test.describe('the team on the post page', () => {
  test('a moderator votes on behalf of a customer by email; the voter list says who cast it', async ({ guardedPage: page, baseURL }) => {
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    const board = await createBoard(admin, baseURL!);
    const number = await createPost(admin, baseURL!, board, `On behalf ${Date.now()}`);
    const email = `customer-${Date.now().toString(36)}@example.test`;
    await page.goto(`/p/${number}`);
    const form = page.getByTestId('vote-on-behalf');
    await form.getByLabel('Their email address').fill('not an email');
    await form.getByRole('button', { name: 'Add vote' }).click();
    await expect(form.locator('[aria-invalid=true]')).toHaveCount(1);
    await form.getByLabel('Their email address').fill(email);
    await form.getByLabel('Their name (optional)').fill('Carla Customer');
    await form.getByRole('button', { name: 'Add vote' }).click();
    await expect(page.getByTestId('on-behalf-done')).toContainText('Vote recorded for Carla Customer (new account)');
    const voters = (await (await admin.get(`/api/v1/posts/${number}/votes`)).json()) as {
      items: { displayName: string; castBy?: string | null }[];
      voteCount: number;
    };
    expect(voters.voteCount).toBe(1);
    expect(voters.items[0]).toMatchObject({ displayName: 'Carla Customer' });
    expect(voters.items[0]!.castBy).toBeTruthy();
  });

  test('an admin merges a duplicate into another post after confirming, and unmerges it', async ({ guardedPage: page, baseURL }) => {
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    const board = await createBoard(admin, baseURL!);
    const target = await createPost(admin, baseURL!, board, `Target ${Date.now()}`);
    const duplicate = await createPost(admin, baseURL!, board, `Duplicate ${Date.now()}`);
    await admin.put(`/api/v1/posts/${duplicate}/vote`, { headers: origin(baseURL!) });

    await page.goto(`/p/${duplicate}`);
    const control = page.getByTestId('merge-control');
    await control.getByLabel('Merge into post number').fill(String(duplicate));
    await expect(control.getByRole('button', { name: 'Merge…' })).toBeDisabled();
    await control.getByLabel('Merge into post number').fill(String(target));
    await control.getByRole('button', { name: 'Merge…' }).click();
    const dialog = page.getByTestId('merge-dialog');
    await expect(dialog).toBeVisible();
    expect(await axeViolations(page, 'merge dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await expect(page.getByTestId('merge-control')).toContainText(`Merged into #${target}`);
    await expect(voteButton(page)).toBeDisabled();
    expect(await voteCount(admin, target)).toBe(1);

    await page.getByTestId('merge-control').getByRole('button', { name: 'Unmerge' }).click();
    await page.getByTestId('unmerge-dialog').getByRole('button', { name: 'Unmerge' }).click();
    await expect(page.getByTestId('merge-control').getByLabel('Merge into post number')).toBeVisible();
    await expect(voteButton(page)).toBeEnabled();
    expect(await voteCount(admin, target)).toBe(0);
  });

  test('merging into a post that is merged into this one shows the cycle error in the dialog', async ({ guardedPage: page, baseURL }) => {
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    const board = await createBoard(admin, baseURL!);
    const a = await createPost(admin, baseURL!, board, `Cycle A ${Date.now()}`);
    const b = await createPost(admin, baseURL!, board, `Cycle B ${Date.now()}`);
    expect((await admin.post(`/api/v1/posts/${b}/merge`, { data: { into: a }, headers: origin(baseURL!) })).status()).toBe(200);
    await page.goto(`/p/${a}`);
    await page.getByTestId('merge-control').getByLabel('Merge into post number').fill(String(b));
    await page.getByTestId('merge-control').getByRole('button', { name: 'Merge…' }).click();
    await page.getByTestId('merge-dialog').getByRole('button', { name: 'Merge' }).click();
    await expect(page.getByTestId('merge-dialog').getByRole('alert')).toContainText('cycle');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the post page with the team controls has no axe violations (${scheme}) and fits 360 px`, async ({
      guardedPage: page,
      baseURL,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 360, height: 740 });
      const admin = page.context().request;
      await apiSignIn(admin, baseURL!);
      const board = await createBoard(admin, baseURL!);
      const number = await createPost(admin, baseURL!, board, `Axe ${scheme} ${Date.now()}`);
      await page.goto(`/p/${number}`);
      await expect(page.getByTestId('vote-on-behalf')).toBeVisible();
      await page.getByTestId('vote-on-behalf').getByRole('button', { name: 'Add vote' }).click();
      await expect(page.getByTestId('vote-on-behalf').locator('[aria-invalid=true]').first()).toBeVisible();
      expect(await axeViolations(page, `/p/${number} (${scheme})`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    });
  }
});

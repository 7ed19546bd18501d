import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminContext, apiSignIn, createMember, type Credentials } from './support/accounts';
import { setRole } from './support/board-seed';
import { proveWhatClearsCopies } from './support/copies';
import { createBoard, createPost } from './support/posts';

/**
 * Signed-in people's public pages on the embedded database are their audience's shared render,
 * filled with their name, avatar and votes (src/server/cache/shared-render.ts). Each filled page
 * must be byte for byte the page rendered for them in full (asked for with `x-chorus-render: full`,
 * honoured with diagnostics on), but for the response's nonce and the render's clock.
 */

/** Without what the response's nonce and the render's clock (`now`, and relative times drawn from it) decide. */
const normalised = (html: string) => {
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
  return (nonce ? html.replaceAll(nonce, 'NONCE') : html)
    .replace(/"now":"[^"]+"/g, '"now":"NOW"')
    .replace(/(<time [^>]*>)[^<]*(<\/time>)/g, '$1TIME$2');
};

async function page(request: APIRequestContext, path: string, full = false) {
  const res = await request.get(path, { headers: full ? { 'x-chorus-render': 'full' } : {} });
  expect([200, 404], `${path}: ${await res.text()}`).toContain(res.status());
  return { status: res.status(), html: normalised(await res.text()), render: res.headers()['x-chorus-render'] ?? 'full' };
}

test.describe('shared renders for signed-in people', () => {
  test('every person gets what a full render gives them, and most get it shared', async ({ browser, baseURL }) => {
    // Ten pages for six people, each read three times.
    test.setTimeout(120_000);
    const origin = { Origin: baseURL! };
    const adminCtx = await adminContext(browser, baseURL!);
    const admin = adminCtx.request;
    const anonymous = (await browser.newContext({ baseURL })).request;
    const board = await createBoard(admin, baseURL!, 'shared');
    const posts = [];
    for (const title of ['Shared render one', 'Shared <b>two</b> & "quotes"', 'Shared render three']) {
      posts.push(await createPost(admin, baseURL!, board.slug, title, 'A body with **Markdown**.'));
    }

    const people: { label: string; creds: Credentials; request: APIRequestContext }[] = [];
    const person = async (label: string, name: string) => {
      const creds = await createMember(admin, anonymous, baseURL!, name);
      const ctx = await browser.newContext({ baseURL });
      await apiSignIn(ctx.request, baseURL!, creds);
      people.push({ label, creds, request: ctx.request });
      return ctx.request;
    };
    // Text React and JSON escape, and `$` patterns a careless replacement would expand.
    const voter = await person('member who voted', `Zoë "<b>" O'Brien & $$ $& ${'\u2028'}`);
    const pictured = await person('member with a picture', 'Pic Tured');
    const commenter = await person('member who commented', 'Com Menter');
    const granted = await person('member with a private board', 'Pri Vate');
    const moderator = await person('moderator', 'Mo Derator');
    await setRole(admin, baseURL!, people[4]!.creds.email, 'moderator');
    await apiSignIn(moderator, baseURL!, people[4]!.creds); // a role change ends the person's sessions
    const me = async (r: APIRequestContext) => ((await (await r.get('/api/v1/me')).json()) as { id: string }).id;
    const secret = `secret-${Date.now().toString(36)}`;
    const privateBoard = await admin.post('/api/v1/boards', {
      data: { name: 'Secret shared', slug: secret, visibility: 'private', grantedUserIds: [await me(granted)] },
      headers: origin,
    });
    expect(privateBoard.status(), await privateBoard.text()).toBe(201);
    const secretPost = await createPost(granted, baseURL!, secret, 'Only for the granted');
    people.push({ label: 'admin', creds: { email: 'admin', password: '' }, request: admin });

    for (const p of [posts[0]!, posts[2]!]) {
      expect((await voter.put(`/api/v1/posts/${p.number}/vote`, { data: {}, headers: origin })).status()).toBe(200);
    }
    const profile = await pictured.patch('/api/v1/me', {
      data: { displayName: 'Pic Tured', avatarUrl: 'https://images.example.com/a.png?size=64&v="2"' },
      headers: origin,
    });
    expect(profile.status(), await profile.text()).toBe(200);
    const comment = await commenter.post(`/api/v1/posts/${posts[1]!.number}/comments`, { data: { body: 'Mine' }, headers: origin });
    expect(comment.status(), await comment.text()).toBe(201);

    /** The `prevCursor` of the second of one-post pages (sort=new), from the API. */
    const beforeCursor = async (slug: string) => {
      const list = async (query: string) =>
        (await (await anonymous.get(`/api/v1/posts?board=${slug}&sort=new&limit=1${query}`)).json()) as {
          nextCursor: string;
          prevCursor: string;
        };
      const second = await list(`&cursor=${(await list('')).nextCursor}`);
      expect(second.prevCursor).toBeTruthy();
      return second.prevCursor;
    };
    const paths = [
      '/',
      '/?closed=show',
      `/b/${board.slug}`,
      `/b/${board.slug}?sort=new`,
      `/b/${board.slug}?sort=top&closed=show`,
      // A page reached backwards: page links are the same for everyone.
      `/b/${board.slug}?sort=new&before=${await beforeCursor(board.slug)}`,
      `/p/${posts[0]!.number}`,
      `/p/${posts[1]!.number}`,
      `/b/${secret}`,
      `/p/${secretPost.number}`,
    ];
    const renders: string[] = [];
    for (const { label, request } of people) {
      for (const path of paths) {
        await page(request, path); // the first may make the shared render
        // This spec has its server to itself (playwright.config.ts), so nothing changes between the reads.
        const shared = await page(request, path);
        const full = await page(request, path, true);
        expect(full.render, `${label} ${path}: the full render was asked for`).toBe('full');
        expect(shared.html, `${label} ${path}`).toBe(full.html);
        expect(shared.html, `${label} is signed in`).toContain('data-testid="account-menu"');
        renders.push(`${label} ${path}: ${shared.render}`);
      }
    }
    // In full: the commented post for its commenter (their edit controls), and for the member with a
    // private board their home page (it lists that board) and that board's pages; the private board
    // is hidden from the other members (a 404, shared); everything else is shared.
    expect(renders.filter((r) => r.endsWith(': full'))).toEqual([
      `member who commented /p/${posts[1]!.number}: full`,
      'member with a private board /: full',
      'member with a private board /?closed=show: full',
      `member with a private board /b/${secret}: full`,
      `member with a private board /p/${secretPost.number}: full`,
    ]);
    // The private board's pages are the 404 screen for the other members: filled for them too.
    expect(renders).toEqual(
      expect.arrayContaining([`member who voted /b/${secret}: shared`, `member who voted /p/${secretPost.number}: shared`]),
    );

    // The filled votes are the person's own: pressed on the two posts they voted for.
    const boardPage = (await page(voter, `/b/${board.slug}`)).html;
    for (const p of posts) {
      const pressed = posts[1] === p ? 'false' : 'true';
      expect(boardPage).toContain(`aria-pressed="${pressed}" data-vote-post="${p.number}"`);
    }
    await adminCtx.close();
  });

  test('a filled page hydrates in the browser without errors, and its votes work', async ({ browser, baseURL }) => {
    const origin = { Origin: baseURL! };
    const adminCtx = await adminContext(browser, baseURL!);
    const board = await createBoard(adminCtx.request, baseURL!, 'hydrate');
    const first = await createPost(adminCtx.request, baseURL!, board.slug, 'Hydrate me first');
    const second = await createPost(adminCtx.request, baseURL!, board.slug, 'Hydrate me second');
    const anonymous = (await browser.newContext({ baseURL })).request;
    const creds = await createMember(adminCtx.request, anonymous, baseURL!, 'Hy Drator');
    const context = await browser.newContext({ baseURL });
    await apiSignIn(context.request, baseURL!, creds);
    expect((await context.request.put(`/api/v1/posts/${first.number}/vote`, { data: {}, headers: origin })).status()).toBe(200);
    // Someone else of the same audience makes the shared render first.
    const other = await browser.newContext({ baseURL });
    await apiSignIn(other.request, baseURL!, await createMember(adminCtx.request, anonymous, baseURL!, 'Other Person'));
    await other.request.get(`/b/${board.slug}`);

    const tab = await context.newPage();
    const problems: string[] = [];
    tab.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    tab.on('pageerror', (e) => problems.push(e.message));
    const res = await tab.goto(`/b/${board.slug}`);
    expect(res?.headers()['x-chorus-render']).toBe('shared');
    await expect(tab.getByTestId('account-menu')).toContainText('Hy Drator');
    const card = (n: number) => tab.locator(`[data-vote-post="${n}"]`);
    await expect(card(first.number)).toHaveAttribute('aria-pressed', 'true');
    await expect(card(second.number)).toHaveAttribute('aria-pressed', 'false');
    // Hydrated: the vote buttons answer clicks.
    const saved = tab.waitForResponse((r) => r.url().endsWith('/vote') && r.request().method() === 'PUT');
    await card(second.number).click();
    await expect(card(second.number)).toHaveAttribute('aria-pressed', 'true');
    await expect(card(second.number)).toContainText('1');
    expect((await saved).ok()).toBe(true);
    await tab.reload();
    await expect(card(second.number)).toHaveAttribute('aria-pressed', 'true');
    await expect(card(first.number)).toHaveAttribute('aria-pressed', 'true');
    expect(problems).toEqual([]);
    await Promise.all([context.close(), other.close(), adminCtx.close()]);
  });
});

// On this server no other spec writes, so only this test's own writes clear its copies.
test('a kept copy of a visitor page: a refused write leaves it, a vote clears only the pages that show that post', async ({
  browser,
  baseURL,
}) => {
  const adminCtx = await adminContext(browser, baseURL!);
  const anonymous = await browser.newContext({ baseURL });
  const creds = await createMember(adminCtx.request, anonymous.request, baseURL!, 'Scoped Voter');
  const memberCtx = await browser.newContext({ baseURL });
  await apiSignIn(memberCtx.request, baseURL!, creds);
  try {
    await proveWhatClearsCopies({
      browser,
      admin: adminCtx.request,
      member: memberCtx.request,
      origin: baseURL!,
      writeBase: baseURL!,
      readBase: baseURL!,
    });
  } finally {
    await Promise.all([adminCtx.close(), anonymous.close(), memberCtx.close()]);
  }
});

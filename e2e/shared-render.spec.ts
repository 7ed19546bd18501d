import { connect } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { adminContext, apiSignIn, createMember, type Credentials } from './support/accounts';
import { setPostStatus, setRole, statusIdBySlug } from './support/board-seed';
import { proveWhatClearsCopies } from './support/copies';
import { createBoard, createPost } from './support/posts';

/**
 * Signed-in people's public pages are their audience's shared render with their personal payload
 * (src/lib/personal.ts), whose script writes their name, avatar and votes into the page before
 * first paint. What the browser draws from it, before any of the page's JavaScript runs, must be
 * what it draws from the page rendered for them in full (asked for with `x-chorus-render: full`,
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

/**
 * The body a browser draws from this HTML before the page's own JavaScript runs (its inline
 * scripts do: the theme's, and a shared render's personal payload's), as a canonical text:
 * elements with their attributes sorted and their style as the browser reads it; no scripts, and
 * no preload hints (React hints a full render's avatar picture; the payload's script sets it at once).
 */
async function drawn(tab: Page, html: string): Promise<string> {
  // The page's scripts are named by root-relative URLs, which on about:blank lead nowhere.
  await tab.setContent(html, { waitUntil: 'domcontentloaded' });
  return tab.evaluate(() => {
    const text = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      // Hidden elements are not drawn (a shared render's author controls that are not the reader's),
      // nor are templates (the payload's mark that it has been applied).
      if (!(node instanceof Element) || node.tagName === 'SCRIPT' || node.tagName === 'TEMPLATE' || node.hasAttribute('hidden')) return '';
      if (node.tagName === 'LINK' && node.getAttribute('rel') === 'preload') return '';
      const attrs = [...node.attributes]
        .map((a) => (a.name === 'style' && node instanceof HTMLElement ? `style="${node.style.cssText}"` : `${a.name}="${a.value}"`))
        .sort()
        .join(' ');
      return `<${node.tagName.toLowerCase()} ${attrs}>${[...node.childNodes].map(text).join('')}</${node.tagName.toLowerCase()}>`;
    };
    return text(document.body);
  });
}

/** The errors a page logs or throws from now on (a hydration mismatch is one). */
function errorsOf(tab: Page): string[] {
  const problems: string[] = [];
  tab.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  tab.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

test.describe('shared renders for signed-in people', () => {
  test('every person gets what a full render gives them, and most get it shared', async ({ browser, baseURL }) => {
    // Twelve pages for seven people, each read three times.
    test.setTimeout(150_000);
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
    const author = await person('member who wrote posts', 'Au Thor');
    const granted = await person('member with a private board', 'Pri Vate');
    const moderator = await person('moderator', 'Mo Derator');
    await setRole(admin, baseURL!, people[5]!.creds.email, 'moderator');
    await apiSignIn(moderator, baseURL!, people[5]!.creds); // a role change ends the person's sessions
    const me = async (r: APIRequestContext) => ((await (await r.get('/api/v1/me')).json()) as { id: string }).id;
    const secret = `secret-${Date.now().toString(36)}`;
    const privateBoard = await admin.post('/api/v1/boards', {
      data: { name: 'Secret shared', slug: secret, visibility: 'private', grantedUserIds: [await me(granted)] },
      headers: origin,
    });
    expect(privateBoard.status(), await privateBoard.text()).toBe(201);
    const secretPost = await createPost(granted, baseURL!, secret, 'Only for the granted');
    people.push({ label: 'admin', creds: E2E_ADMIN, request: admin });

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
    // The author's posts: one they may still edit (with their comment on it, and another's), one
    // whose status the team changed (they may delete it, and are told why they cannot edit it).
    const editable = await createPost(author, baseURL!, board.slug, 'Written by a member', 'Mine to edit.');
    const settled = await createPost(author, baseURL!, board.slug, 'Written by a member, then triaged');
    for (const [who, body] of [
      [author, 'My own comment'],
      [commenter, 'Not theirs'],
    ] as const) {
      const res = await who.post(`/api/v1/posts/${editable.number}/comments`, { data: { body }, headers: origin });
      expect(res.status(), await res.text()).toBe(201);
    }
    await setPostStatus(admin, baseURL!, settled.number, await statusIdBySlug(admin, 'planned'));

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
      `/p/${editable.number}`,
      `/p/${settled.number}`,
      `/b/${secret}`,
      `/p/${secretPost.number}`,
    ];
    const renders: string[] = [];
    const tabContext = await browser.newContext({ javaScriptEnabled: true });
    const tab = await tabContext.newPage();
    for (const { label, request } of people) {
      for (const path of paths) {
        await page(request, path); // the first may make the shared render
        // This spec has its server to itself (playwright.config.ts), so nothing changes between the reads.
        const shared = await page(request, path);
        const full = await page(request, path, true);
        expect(full.render, `${label} ${path}: the full render was asked for`).toBe('full');
        expect(shared.html, `${label} is signed in`).toContain('data-testid="account-menu"');
        if (shared.render === 'shared') {
          // Nobody's name, email or picture is in the copy itself: only in its payload.
          const copy = shared.html.slice(0, shared.html.indexOf('<script id="__CHORUS_ME__"'));
          expect(copy, `${label} ${path}: the copy`).not.toContain(people.find((p) => p.label === label)!.creds.email);
        }
        expect(await drawn(tab, shared.html), `${label} ${path}`).toBe(await drawn(tab, full.html));
        renders.push(`${label} ${path}: ${shared.render}`);
      }
    }
    await tabContext.close();
    // In full: for the member with a private board their home page (it lists that board) and that
    // board's pages; the private board is hidden from the other members (a 404, shared). Everything
    // else is shared, authors' own posts and comments too (their controls come with their payload).
    expect(renders.filter((r) => r.endsWith(': full'))).toEqual([
      'member with a private board /: full',
      'member with a private board /?closed=show: full',
      `member with a private board /b/${secret}: full`,
      `member with a private board /p/${secretPost.number}: full`,
    ]);
    // The private board's pages are the 404 screen for the other members: shared with them too.
    expect(renders).toEqual(
      expect.arrayContaining([`member who voted /b/${secret}: shared`, `member who voted /p/${secretPost.number}: shared`]),
    );

    // The payload's votes are the person's own: the two posts they voted for.
    const boardPage = (await page(voter, `/b/${board.slug}`)).html;
    const payload = JSON.parse(/<script id="__CHORUS_ME__" type="application\/json">(.*?)<\/script>/.exec(boardPage)![1]!) as {
      voted: number[];
    };
    expect(payload.voted.sort((a, b) => a - b)).toEqual([posts[0]!.number, posts[2]!.number].sort((a, b) => a - b));
    // The author's controls: on the post they may edit, Edit and Delete, and their comment's; on the
    // triaged one, Delete and why they cannot edit it. Those are shown; nobody else's are.
    const ownOf = async (request: APIRequestContext, number: number) => {
      const html = (await page(request, `/p/${number}`)).html;
      const me = /<script id="__CHORUS_ME__" type="application\/json">(.*?)<\/script>/.exec(html)![1]!;
      return (JSON.parse(me) as { own: string[] }).own.filter((slot) => slot.split(':').length > 2).sort();
    };
    const mine = (await (await author.get(`/api/v1/posts/${editable.number}/comments`)).json()) as {
      items: { id: number; body: string }[];
    };
    const myComment = mine.items.find((c) => c.body === 'My own comment')!.id;
    expect(await ownOf(author, editable.number)).toEqual(
      [`comment:${myComment}:delete`, `comment:${myComment}:edit`, `post:${editable.number}:delete`, `post:${editable.number}:edit`].sort(),
    );
    expect(await ownOf(author, settled.number)).toEqual([`post:${settled.number}:delete`, `post:${settled.number}:refusal:statusChanged`]);
    expect(await ownOf(voter, editable.number)).toEqual([]);
    await adminCtx.close();
  });

  test('a shared page shows the person and their votes at first paint, hydrates without errors, and its votes work', async ({
    browser,
    baseURL,
  }) => {
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

    // First paint: the server's copy and its payload's script, with none of the page's JavaScript.
    const still = await context.newPage();
    await still.route('**/_next/static/**/*.js', (route) => route.abort());
    expect((await still.goto(`/b/${board.slug}`))?.headers()['x-chorus-render']).toBe('shared');
    await expect(still.getByTestId('account-menu')).toHaveAccessibleName('Account menu for Hy Drator');
    await expect(still.getByTestId('account-menu')).toContainText('Hy Drator');
    await expect(still.locator(`[data-vote-post="${first.number}"]`)).toHaveAttribute('aria-pressed', 'true');
    await expect(still.locator(`[data-vote-post="${second.number}"]`)).toHaveAttribute('aria-pressed', 'false');
    // Pressed is styled from aria-pressed: the voted button is drawn in the accent colour already.
    const colours = await still.evaluate(
      ([a, b]) => [a, b].map((n) => getComputedStyle(document.querySelector(`[data-vote-post="${n}"]`)!).backgroundColor),
      [first.number, second.number],
    );
    expect(colours[0]).not.toBe(colours[1]);
    await still.close();

    const tab = await context.newPage();
    const problems = errorsOf(tab);
    // Layout shifts in the header (the account menu's name arriving late would be one).
    await tab.addInitScript(() => {
      const w = window as unknown as { headerShifts: number };
      w.headerShifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { sources?: { node?: Node }[] }[]) {
          if (entry.sources?.some((s) => s.node && document.querySelector('header')?.contains(s.node))) w.headerShifts += 1;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const res = await tab.goto(`/b/${board.slug}`);
    expect(res?.headers()['x-chorus-render']).toBe('shared');
    await expect(tab.getByTestId('account-menu')).toContainText('Hy Drator');
    // Hydrated with the person: their menu opens and shows their address.
    await tab.getByTestId('account-menu').click();
    await expect(tab.getByText(creds.email)).toBeVisible();
    await tab.keyboard.press('Escape');
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
    expect(await tab.evaluate(() => (window as unknown as { headerShifts: number }).headerShifts)).toBe(0);
    await Promise.all([context.close(), other.close(), adminCtx.close()]);
  });

  test('an author gets their own post page shared: their controls at first paint, no shift, and they work', async ({
    browser,
    baseURL,
  }) => {
    const origin = { Origin: baseURL! };
    const adminCtx = await adminContext(browser, baseURL!);
    const board = await createBoard(adminCtx.request, baseURL!, 'authored');
    const anonymous = (await browser.newContext({ baseURL })).request;
    const creds = await createMember(adminCtx.request, anonymous, baseURL!, 'Ow Ner');
    const context = await browser.newContext({ baseURL });
    await apiSignIn(context.request, baseURL!, creds);
    const post = await createPost(context.request, baseURL!, board.slug, 'My own request', 'Its first words.');
    const comment = await context.request.post(`/api/v1/posts/${post.number}/comments`, { data: { body: 'My note' }, headers: origin });
    expect(comment.status(), await comment.text()).toBe(201);
    // Someone else of the same audience makes the shared render first.
    const other = await browser.newContext({ baseURL });
    await apiSignIn(other.request, baseURL!, await createMember(adminCtx.request, anonymous, baseURL!, 'Some Reader'));
    const theirs = await other.request.get(`/p/${post.number}`);
    expect(theirs.headers()['x-chorus-render']).toBe('shared');
    expect(await theirs.text()).toContain('data-testid="post-edit"'); // drawn, hidden

    // First paint, with none of the page's JavaScript: the controls are theirs, visible.
    const still = await context.newPage();
    await still.route('**/_next/static/**/*.js', (route) => route.abort());
    expect((await still.goto(`/p/${post.number}`))?.headers()['x-chorus-render']).toBe('shared');
    await expect(still.getByTestId('post-edit')).toBeVisible();
    await expect(still.getByTestId('post-delete')).toBeVisible();
    await expect(still.getByTestId('comment-edit')).toBeVisible();
    await still.close();
    // The other reader's page draws none of them.
    const reader = await other.newPage();
    await reader.goto(`/p/${post.number}`);
    await expect(reader.getByRole('heading', { name: 'My own request' })).toBeVisible();
    await expect(reader.getByTestId('post-edit')).toBeHidden();
    await expect(reader.getByTestId('comment-edit')).toBeHidden();
    await expect(reader.getByRole('button', { name: /delete/i })).toHaveCount(0);

    const tab = await context.newPage();
    const problems = errorsOf(tab);
    // Layout shifts of the header, the post's text and its controls, and the comments, from load
    // until the page has hydrated: what the author controls arriving late would cause. (The
    // sidebar's subscription state is asked for after load, by design: SubscribeButton. What the
    // clicks below open moves the page, as it should, and is not counted.)
    await tab.addInitScript(() => {
      const w = window as unknown as { shifts: string[] };
      w.shifts = [];
      const watched = '[data-testid="post-body"], [data-testid="comment"], header';
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { startTime: number; sources?: { node?: Node }[] }[]) {
          const moved = (entry.sources ?? [])
            .map((source) => (source.node instanceof Element ? source.node : source.node?.parentElement))
            .filter((el) => el?.closest(watched));
          if (moved.length > 0) {
            w.shifts.push(`${Math.round(entry.startTime)} ms: ${moved.map((el) => el!.outerHTML.slice(0, 80)).join(' | ')}`);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    expect((await tab.goto(`/p/${post.number}`))?.headers()['x-chorus-render']).toBe('shared');
    // Hydrated: React has taken the server's Edit button over (it keeps its fiber on the element).
    await expect
      .poll(() => tab.getByTestId('post-edit').evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber'))))
      .toBe(true);
    await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await tab.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
    // Edit opens the editor with their text; Cancel closes it.
    await tab.getByTestId('post-edit').click();
    await expect(tab.getByTestId('post-edit-form')).toBeVisible();
    await expect(tab.getByTestId('post-edit-form').getByRole('textbox').first()).toHaveValue('My own request');
    await tab.getByRole('button', { name: 'Cancel' }).click();
    await expect(tab.getByTestId('post-edit-form')).toHaveCount(0);
    // Delete asks first.
    await tab.getByTestId('post-delete').click();
    await expect(tab.getByTestId('post-delete-dialog')).toBeVisible();
    await tab.keyboard.press('Escape');
    expect(problems).toEqual([]);
    await Promise.all([context.close(), other.close(), adminCtx.close()]);
  });

  test('a request whose connection closes before its page is made holds nobody up', async ({ browser, baseURL }) => {
    const adminCtx = await adminContext(browser, baseURL!);
    const { host, port } = new URL(baseURL!);
    const cookie = (await adminCtx.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    // A page of which there is no shared render yet (the query is part of what a render is kept for).
    const path = `/?probe=${Date.now().toString(36)}`;
    const socket = connect(Number(port), host.split(':')[0]!);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.end(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`);
    socket.destroy();
    // The next requests for it make and share the render: none waits for the abandoned one and
    // falls back to a render in full.
    for (let i = 0; i < 2; i++) expect((await page(adminCtx.request, path)).render).toBe('shared');
    await adminCtx.close();
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
      // Embedded PGlite keeps a copy 30 s.
      copySeconds: 30,
    });
  } finally {
    await Promise.all([adminCtx.close(), anonymous.close(), memberCtx.close()]);
  }
});

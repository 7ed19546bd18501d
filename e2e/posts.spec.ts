import { apiSignIn, createMember } from './support/accounts';
import { fillSignIn } from './support/account-ui';
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { createBoard, createPost } from './support/posts';

// Boards come from POST /api/v1/boards (the boards API), created as the e2e admin.

test.describe('posts', () => {
  test('a member creates a post from a board; a near-duplicate title suggests the existing post', async ({
    guardedPage: page,
    baseURL,
    playwright,
  }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await apiSignIn(admin, baseURL!);
    const board = await createBoard(admin, baseURL!, 'ideas');
    const existing = await createPost(admin, baseURL!, board.slug, 'Dark mode for the dashboard');
    const anon = await playwright.request.newContext({ baseURL });
    const member = await createMember(admin, anon, baseURL!, 'Mia Member');
    await apiSignIn(page.context().request, baseURL!, member);

    await page.goto(`/b/${board.slug}/new`);
    await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible();
    await page.getByLabel('Title').fill('Dark mode on the dashboard please');
    const similar = page.getByRole('region', { name: 'Similar posts' });
    await expect(similar.getByRole('link', { name: 'Dark mode for the dashboard' })).toHaveAttribute(
      'href',
      `/p/${existing.number}-${existing.slug}`,
    );
    // A suggestion takes a vote from the list, instead of a duplicate.
    const suggested = similar.locator(`[data-vote-post="${existing.number}"]`);
    await expect(suggested).toHaveAttribute('aria-pressed', 'false');
    const voted = page.waitForResponse((r) => r.url().endsWith(`/posts/${existing.number}/vote`) && r.request().method() === 'PUT');
    await suggested.click();
    await expect(suggested).toHaveAttribute('aria-pressed', 'true');
    expect((await voted).ok()).toBe(true);
    await expect(page).toHaveURL(new RegExp(`/b/${board.slug}/new$`));

    await page.getByLabel('Title').fill('Keyboard shortcuts everywhere');
    // The suggestions for the new title answer none, and the region above the editor goes: wait for
    // it, or the Preview click lands where the button was before the form moved up (seen in lb).
    await expect(similar).toBeHidden();
    await page.getByLabel('Description', { exact: true }).fill('Press **j** and **k** to move.\n\n- one\n- two');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('button', { name: 'Preview' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('markdown-preview').locator('strong').first()).toHaveText('j');
    await page.getByTestId('new-post-submit').click();

    await expect(page).toHaveURL(/\/p\/\d+-keyboard-shortcuts-everywhere$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Keyboard shortcuts everywhere' })).toBeVisible();
    await expect(page.locator('.markdown strong').first()).toHaveText('j');
    await expect(page.getByTestId('post-author')).toContainText('Mia Member');
    await expect(page.getByTestId('pending-notice')).toHaveCount(0);
  });

  test('a visitor writes a draft, signs in at submit, and the draft survives', async ({ guardedPage: page, baseURL, playwright }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await apiSignIn(admin, baseURL!);
    const board = await createBoard(admin, baseURL!, 'drafts');
    const anon = await playwright.request.newContext({ baseURL });
    const member = await createMember(admin, anon, baseURL!, 'Vera Visitor');

    await page.goto(`/b/${board.slug}/new`);
    await page.getByLabel('Title').fill('Export my data as CSV');
    await page.getByLabel('Description', { exact: true }).fill('Every column, please.');
    await page.getByRole('button', { name: 'Sign in to post' }).click();
    await expect(page).toHaveURL(/\/login\?next=/);
    await fillSignIn(page, member);

    await expect(page).toHaveURL(new RegExp(`/b/${board.slug}/new$`));
    await expect(page.getByTestId('draft-restored')).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue('Export my data as CSV');
    await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Every column, please.');
    await page.getByTestId('new-post-submit').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Export my data as CSV' })).toBeVisible();
    // Cleared after the successful submit.
    expect(await page.evaluate(() => window.localStorage.getItem('chorus.postDraft'))).toBeNull();
  });

  test('the post page renders Markdown safely, has a canonical URL, and the author edits and deletes', async ({
    guardedPage: page,
    baseURL,
    playwright,
  }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await apiSignIn(admin, baseURL!);
    const board = await createBoard(admin, baseURL!, 'safe');
    const anon = await playwright.request.newContext({ baseURL });
    const member = await createMember(admin, anon, baseURL!, 'Sam Safe');
    await apiSignIn(page.context().request, baseURL!, member);
    const evil = '<script>window.__xss = 1</script>\n\n<img src=x onerror="window.__xss=2">\n\n[click](javascript:window.__xss=3) **bold**';
    const post = await createPost(page.context().request, baseURL!, board.slug, 'Safe rendering check', evil);

    await page.goto(`/p/${post.number}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Safe rendering check' })).toBeVisible();
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', `${baseURL}/p/${post.number}-safe-rendering-check`);
    const body = page.locator('article .markdown').first();
    await expect(body.locator('strong')).toHaveText('bold');
    await expect(body).toContainText('<script>');
    await expect(body.locator('script, img')).toHaveCount(0);
    await expect(body.locator('a[href^="javascript"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    await page.getByTestId('post-edit').click();
    await page.getByLabel('Title').fill('Safe rendering, edited');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Safe rendering, edited' })).toBeVisible();

    await page.getByTestId('post-delete').click();
    await page.getByTestId('post-delete-dialog').getByRole('button', { name: 'Delete post' }).click();
    await expect(page).toHaveURL(new RegExp(`/b/${board.slug}$`));
    const gone = await page.goto(`/p/${post.number}`);
    expect(gone?.status()).toBe(404);
  });

  test('a hidden or missing post is the 404 screen; /p/N-any-slug works', async ({ guardedPage: page, baseURL, playwright }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await apiSignIn(admin, baseURL!);
    const board = await createBoard(admin, baseURL!, 'slugs');
    const post = await createPost(admin, baseURL!, board.slug, 'Numbers decide');
    expect((await page.goto(`/p/${post.number}-whatever-slug`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Numbers decide' })).toBeVisible();
    // The author's team badge: under the title on narrow screens, in the sidebar from 1024 px.
    await expect(page.locator('[data-testid="team-badge"]:visible').first()).toBeVisible();
    expect((await page.goto('/p/99999999'))?.status()).toBe(404);
    await expect(page.getByTestId('error-404')).toBeVisible();
  });

  test('a visitor never sees the title of a private post merged into or from a public one', async ({
    guardedPage: page,
    baseURL,
    playwright,
  }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await apiSignIn(admin, baseURL!);
    const open = await createBoard(admin, baseURL!, 'open');
    const secretBoard = `secret-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const made = await admin.post('/api/v1/boards', {
      data: { name: 'Secret board', slug: secretBoard, visibility: 'private' },
      headers: { Origin: baseURL! },
    });
    expect(made.status()).toBe(201);
    const secretDuplicate = await createPost(admin, baseURL!, secretBoard, 'Confidential merger with Globex');
    const target = await createPost(admin, baseURL!, open.slug, 'Public target of a private duplicate');
    const secretTarget = await createPost(admin, baseURL!, secretBoard, 'Confidential launch plan for Globex');
    const duplicate = await createPost(admin, baseURL!, open.slug, 'Public duplicate of a private post');
    for (const [from, into] of [
      [secretDuplicate, target],
      [duplicate, secretTarget],
    ] as const) {
      expect(
        (await admin.post(`/api/v1/posts/${from.number}/merge`, { data: { into: into.number }, headers: { Origin: baseURL! } })).status(),
      ).toBe(200);
    }

    // The visitor: the public target lists no private duplicate…
    expect((await page.goto(`/p/${target.number}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Public target of a private duplicate' })).toBeVisible();
    await expect(page.getByTestId('merged-duplicates')).toHaveCount(0);
    expect(await page.content()).not.toContain('Globex');
    // …and the public duplicate reads as merged, read-only, without naming where.
    expect((await page.goto(`/p/${duplicate.number}`))?.status()).toBe(200);
    const banner = page.getByTestId('merged-banner');
    await expect(banner).toContainText("merged into another post that you can't see");
    await expect(banner.getByRole('link')).toHaveCount(0);
    await expect(page.getByTestId('vote-button').first()).toBeDisabled();
    expect(await page.content()).not.toContain('Globex');
    expect((await page.goto(`/p/${secretTarget.number}`))?.status()).toBe(404);

    // The admin, who may read the private board, sees both references.
    await apiSignIn(page.context().request, baseURL!);
    await page.goto(`/p/${target.number}`);
    await expect(page.getByTestId('merged-duplicates')).toContainText('Confidential merger with Globex');
    await page.goto(`/p/${duplicate.number}`);
    await expect(page.getByTestId('merged-banner').getByRole('link')).toContainText('Confidential launch plan for Globex');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe: the new-post page and the post page (${scheme})`, async ({ guardedPage: page, baseURL, playwright }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const admin = await playwright.request.newContext({ baseURL });
      await apiSignIn(admin, baseURL!);
      const board = await createBoard(admin, baseURL!, 'axe');
      const post = await createPost(
        admin,
        baseURL!,
        board.slug,
        'Accessible post',
        'Some `code`, a [link](https://example.com), and\n\n> a quote\n\n| a | b |\n|---|---|\n| 1 | 2 |',
      );
      await apiSignIn(page.context().request, baseURL!);
      const problems: string[] = [];
      await page.goto(`/b/${board.slug}/new`);
      await page.getByLabel('Title').fill('Accessible');
      await expect(page.getByRole('region', { name: 'Similar posts' })).toBeVisible();
      problems.push(...(await axeViolations(page, 'new post')));
      await page.getByLabel('Title').fill('ab');
      await page.getByTestId('new-post-submit').click();
      await expect(page.locator('[aria-invalid=true]').first()).toBeVisible();
      problems.push(...(await axeViolations(page, 'new post with errors')));
      await page.goto(`/p/${post.number}`);
      await page.getByTestId('comment-form').getByLabel('Your comment', { exact: true }).fill('A comment for axe');
      await page.getByTestId('comment-submit').click();
      await expect(page.getByTestId('comment')).toHaveCount(1);
      problems.push(...(await axeViolations(page, 'post page')));
      expect(problems).toEqual([]);
    });
  }
});

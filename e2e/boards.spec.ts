import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { adminContext, apiSignIn, createMember } from './support/accounts';
import { createTag, setPostStatus, setPostTags, setRole, statusIdBySlug } from './support/board-seed';
import { expect, test, trackDataRequests } from './support/fixtures';
import { createPost } from './support/posts';

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

async function apiBoard(admin: APIRequestContext, baseURL: string, data: Record<string, unknown>): Promise<{ slug: string; name: string }> {
  const res = await admin.post('/api/v1/boards', { data, headers: { Origin: baseURL } });
  if (res.status() !== 201) throw new Error(`creating a board failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { slug: string; name: string };
}

const rowOf = (page: Page, name: string) =>
  page.getByTestId('admin-board-row').filter({ has: page.getByRole('link', { name, exact: true }) });

test.describe('boards', () => {
  test('an admin creates, edits, reorders, archives and privately grants a board; only the granted member sees it', async ({
    guardedPage: page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(120_000);
    const admin = await adminContext(browser, baseURL!);
    const anonymous = await browser.newContext({ baseURL });
    const granted = await createMember(admin.request, anonymous.request, baseURL!, 'Granted Person');
    const other = await createMember(admin.request, anonymous.request, baseURL!, 'Other Person');
    try {
      const adminPage = await admin.newPage();
      await adminPage.goto('/admin/boards');
      await expect(adminPage.getByRole('heading', { level: 1, name: 'Boards' })).toBeVisible();

      // Create: the slug follows the name; a taken slug is an inline error on the slug field.
      const name = `Ideas ${unique('x')}`;
      const form = adminPage.getByTestId('board-create-form');
      await form.getByLabel('Name').fill(name);
      const slug = await form.getByLabel('Slug').inputValue();
      expect(slug).toMatch(/^ideas-x-/);
      await form.getByLabel('Description').fill('Tell us what to build next');
      await form.getByTestId('board-create').click();
      await expect(adminPage.getByTestId('board-created')).toContainText(name);
      await expect(rowOf(adminPage, name)).toBeVisible();
      await form.getByLabel('Name').fill('Duplicate');
      await form.getByLabel('Slug').fill(slug);
      await form.getByTestId('board-create').click();
      await expect(form.getByText('Another board has this slug.').first()).toBeVisible();
      await form.getByLabel('Slug').fill('admin');
      await form.getByTestId('board-create').click();
      await expect(form.getByText('This word is reserved; choose another slug')).toBeVisible();

      // A second board, made through the API, to reorder against.
      const second = await apiBoard(admin.request, baseURL!, { name: `Bugs ${unique('y')}`, slug: unique('bugs') });
      await adminPage.reload();
      const allRows = async () => adminPage.getByTestId('admin-board-row').getByRole('link').allTextContents();
      await expect.poll(allRows).toContain(second.name);
      // Specs beside this one make boards too: one may stand between the two, so "up" swaps the
      // second board with whichever board is right above it, and other boards keep their places.
      const before = await allRows();
      const at = before.indexOf(second.name);
      const above = before[at - 1]!;
      expect(before.indexOf(name)).toBeLessThan(at);
      const pair = async () => (await allRows()).filter((t) => t === above || t === second.name);
      expect(await pair()).toEqual([above, second.name]);
      await rowOf(adminPage, second.name)
        .getByRole('button', { name: `Move ${second.name} up` })
        .click();
      await expect.poll(pair).toEqual([second.name, above]);
      // Focus stays on the control that was used (or its partner once it reached the top).
      await expect(adminPage.locator(':focus')).toHaveAttribute(
        'aria-label',
        new RegExp(`Move ${second.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (up|down)`),
      );
      await rowOf(adminPage, second.name)
        .getByRole('button', { name: `Move ${second.name} down` })
        .click();
      await expect.poll(pair).toEqual([above, second.name]);

      // Edit inline: description, then make it private and grant one member found by email.
      const row = rowOf(adminPage, name);
      await row.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = row.getByTestId('board-edit-form');
      await edit.getByLabel('Description').fill('Only for our pilot customers');
      await edit.getByLabel('Who can see it').selectOption('private');
      await edit.getByTestId('grant-search').fill(granted.email);
      await edit.getByRole('button', { name: 'Grant Granted Person' }).click();
      await expect(edit.getByTestId('granted-list')).toContainText(granted.email);
      await edit.getByTestId('board-save').click();
      await expect(row.getByText('Private · 1 granted')).toBeVisible();

      // Archive and unarchive.
      await row.getByTestId('board-archive-toggle').click();
      await expect(row.getByText('Archived', { exact: true })).toBeVisible();
      expect(await axeViolations(adminPage, '/admin/boards')).toEqual([]);

      // The granted member sees the private board (archived, readable); another member and a visitor get 404.
      const grantedCtx = await browser.newContext({ baseURL });
      await apiSignIn(grantedCtx.request, baseURL!, granted);
      const grantedPage = await grantedCtx.newPage();
      await grantedPage.goto(`/b/${slug}`);
      await expect(grantedPage.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(grantedPage.getByTestId('board-archived')).toBeVisible();
      await expect(grantedPage.getByText('Only for our pilot customers')).toBeVisible();
      await grantedPage.goto('/');
      await expect(grantedPage.getByTestId('board-list')).toContainText(name);
      await grantedCtx.close();

      const otherCtx = await browser.newContext({ baseURL });
      await apiSignIn(otherCtx.request, baseURL!, other);
      const otherPage = await otherCtx.newPage();
      const res = await otherPage.goto(`/b/${slug}`);
      expect(res?.status()).toBe(404);
      // A signed-in member is not told to sign in.
      await expect(otherPage.getByTestId('error-404')).toBeVisible();
      await expect(otherPage.getByTestId('not-found-sign-in')).toHaveCount(0);
      await otherPage.goto('/');
      await expect(otherPage.getByTestId('board-list')).not.toContainText(name);
      await otherCtx.close();
      expect((await page.goto(`/b/${slug}`))?.status()).toBe(404);
      // A visitor is: the 404 says that private boards need signing in, and its link comes back here after it.
      await expect(page.getByTestId('not-found-sign-in')).toBeVisible();
      await page.getByTestId('error-404').getByRole('link', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(`/b/${slug}`)}$`));

      await row.getByTestId('board-archive-toggle').click();
      await expect(row.getByText('Archived', { exact: true })).toHaveCount(0);
    } finally {
      await admin.close();
      await anonymous.close();
    }
  });

  test('/admin/boards: visitors sign in, members and moderators get 403', async ({ guardedPage: page, baseURL, browser }) => {
    await page.goto('/admin/boards');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fboards/);
    const admin = await adminContext(browser, baseURL!);
    const anonymous = await browser.newContext({ baseURL });
    try {
      const member = await createMember(admin.request, anonymous.request, baseURL!, 'Plain Member');
      const mod = await createMember(admin.request, anonymous.request, baseURL!, 'Some Moderator');
      await setRole(admin.request, baseURL!, mod.email, 'moderator');
      for (const creds of [member, mod]) {
        const ctx = await browser.newContext({ baseURL });
        await apiSignIn(ctx.request, baseURL!, creds);
        const p = await ctx.newPage();
        expect((await p.goto('/admin/boards'))?.status()).toBe(403);
        await ctx.close();
      }
    } finally {
      await admin.close();
      await anonymous.close();
    }
  });

  test('axe finds no violations on /, a board and /admin/boards (light and dark)', async ({ guardedPage: page, baseURL, browser }) => {
    const admin = await adminContext(browser, baseURL!);
    try {
      const board = await apiBoard(admin.request, baseURL!, {
        name: `Axe ${unique('a')}`,
        slug: unique('axe'),
        description: 'A board for the accessibility check',
      });
      const adminPage = await admin.newPage();
      const problems: string[] = [];
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await adminPage.emulateMedia({ colorScheme: scheme });
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1, name: 'Boards' })).toBeVisible();
        problems.push(...(await axeViolations(page, `/ (${scheme})`)));
        await page.goto(`/b/${board.slug}?q=nothing-matches-this`);
        await expect(page.getByTestId('posts-empty')).toBeVisible();
        problems.push(...(await axeViolations(page, `/b/x (${scheme})`)));
        await adminPage.goto('/admin/boards');
        await expect(adminPage.getByTestId('admin-board-list')).toBeVisible();
        problems.push(...(await axeViolations(adminPage, `/admin/boards (${scheme})`)));
      }
      expect(problems).toEqual([]);
      await page.setViewportSize({ width: 360, height: 740 });
      for (const path of ['/', `/b/${board.slug}`]) {
        await page.goto(path);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          `${path} overflows`,
        ).toBeLessThanOrEqual(0);
      }
    } finally {
      await admin.close();
    }
  });

  // Needs POST /api/v1/posts (posts API) and the triage API (statuses, tags) from issue 4.
  test('a visitor browses, sorts, filters, searches with highlights, pages with Next and goes Back', async ({
    guardedPage: page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(120_000);
    const admin = await adminContext(browser, baseURL!);
    const anonymous = await browser.newContext({ baseURL });
    try {
      const board = await apiBoard(admin.request, baseURL!, {
        name: `Browse ${unique('b')}`,
        slug: unique('browse'),
        description: 'Ideas to browse',
      });
      const word = `quokka${Date.now().toString(36)}`;
      const posts: number[] = [];
      // 22 posts: more than a page of 20. Posting is rate-limited per user, so the admin posts.
      for (let i = 0; i < 22; i++) {
        const body = i === 3 ? `Please make the **${word}** export faster for large teams.` : `Plain idea number ${i} about workflow.`;
        posts.push((await createPost(admin.request, baseURL!, board.slug, `Idea ${String(i).padStart(2, '0')} for the team`, body)).number);
      }
      const planned = await statusIdBySlug(admin.request, 'planned');
      await setPostStatus(admin.request, baseURL!, posts[5]!, planned);
      const tagName = `Mobile ${unique('t')}`;
      const tagId = await createTag(admin.request, baseURL!, tagName);
      await setPostTags(admin.request, baseURL!, posts[7]!, [tagId]);

      const dataRequests = trackDataRequests(page);
      await page.goto('/');
      await page.getByTestId('board-link').filter({ hasText: board.name }).click();
      await expect(page.getByRole('heading', { level: 1, name: board.name })).toBeVisible();
      expect(dataRequests.length).toBeGreaterThan(0);
      await expect(page.getByTestId('new-post-link')).toBeVisible();
      await expect(page.getByTestId('post-card')).toHaveCount(20);

      // Next page, First page, and Back.
      const firstTitles = await page.getByTestId('post-title').allTextContents();
      await page.getByTestId('posts-next').click();
      await expect(page).toHaveURL(/cursor=/);
      await expect(page.getByTestId('post-card')).toHaveCount(2);
      const secondTitles = await page.getByTestId('post-title').allTextContents();
      expect(new Set([...firstTitles, ...secondTitles]).size).toBe(22);
      await page.goBack();
      await expect(page).not.toHaveURL(/cursor=/);
      await expect(page.getByTestId('post-card')).toHaveCount(20);

      // Sort: New lists the newest first.
      await page.getByTestId('sort-new').click();
      await expect(page).toHaveURL(/sort=new/);
      await expect(page.getByTestId('post-title').first()).toHaveText('Idea 21 for the team');
      await expect(page.getByTestId('sort-new')).toHaveAttribute('aria-current', 'page');

      // Filter by status, then by tag; the count says how many match; Clear filters.
      await page.getByTestId('board-status').selectOption('planned');
      await page.getByTestId('board-apply').click();
      await expect(page).toHaveURL(/status=planned/);
      await expect(page.getByTestId('result-count')).toHaveText('1 post matches.');
      await expect(page.getByTestId('post-title')).toHaveText(['Idea 05 for the team']);
      await expect(page.getByTestId('post-status')).toHaveText('Planned');
      await page.getByTestId('clear-filters').click();
      await expect(page).not.toHaveURL(/status=/);
      // The URL changes before the cleared page is drawn, and drawing it resets the form: a choice
      // made in between is lost. The count of matches goes with the filter: once it has gone, the
      // form is the cleared page's.
      await expect(page.getByTestId('result-count')).toHaveCount(0);
      await page.getByTestId('board-tag').selectOption(tagName);
      await page.getByTestId('board-apply').click();
      await expect(page.getByTestId('post-title')).toHaveText(['Idea 07 for the team']);

      // Search (back on the default sort, so results come by relevance): the match is highlighted as <mark>, as text.
      await page.getByTestId('clear-filters').click();
      // The sort links are the cleared page's (clicked sooner, they would keep the tag).
      await expect(page).not.toHaveURL(/tag=/);
      await expect(page.getByTestId('result-count')).toHaveCount(0);
      await page.getByTestId('sort-trending').click();
      await expect(page).not.toHaveURL(/sort=/);
      // The search keeps the drawn page's sort: wait for the trending page, not only its URL.
      await expect(page.getByTestId('sort-trending')).toHaveAttribute('aria-current', 'page');
      await page.getByTestId('board-search').fill(word);
      await page.getByTestId('board-apply').click();
      await expect(page).toHaveURL(new RegExp(`q=${word}`));
      await expect(page.getByTestId('post-title')).toHaveText(['Idea 03 for the team']);
      await expect(page.getByTestId('post-excerpt').locator('mark')).toHaveText(word);
      await expect(page.getByTestId('sort-relevance')).toHaveAttribute('aria-current', 'page');
      expect(await axeViolations(page, '/b/x search results')).toEqual([]);

      // Nothing matches: the empty state, with a way back.
      await page.goto(`/b/${board.slug}?q=zzzznothing`);
      await expect(page.getByTestId('posts-empty')).toBeVisible();
      await expect(page.getByTestId('result-count')).toHaveText('No posts match.');

      // Back through the history returns to the search, then the tag filter.
      await page.goBack();
      await expect(page.getByTestId('post-title')).toHaveText(['Idea 03 for the team']);
      await page.goBack();
      await page.goBack();
      await page.goBack();
      await expect(page).toHaveURL(/tag=/);
    } finally {
      await admin.close();
      await anonymous.close();
    }
  });
});

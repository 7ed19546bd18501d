/**
 * The changelog in the browser: a moderator writes an entry, links two posts and publishes it
 * with a status move; the public changelog shows it with the posts as chips, and each post page
 * says "Shipped in". The changelog pages pass axe in both themes at 360 px and desktop width.
 */
import { apiSignIn } from './support/accounts';
import { setRole } from './support/board-seed';
import { createBoard, createPost, memberContext } from './support/posts';
import { expect, test } from './support/fixtures';
import { axeViolationsInLooks, sidewaysScroll } from './support/axe';

test.describe('the changelog', () => {
  test('a moderator writes, links two posts and publishes with a status move; chips and "Shipped in" follow', async ({
    guardedPage: page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    const tag = Date.now().toString(36);
    const board = await createBoard(admin, baseURL!, 'cl');
    const first = await createPost(admin, baseURL!, board.slug, `Quokka export ${tag} to CSV`);
    const second = await createPost(admin, baseURL!, board.slug, `Quokka export ${tag} to PDF`);

    const { context, creds } = await memberContext(browser, admin, baseURL!, `Mod ${tag}`);
    await setRole(admin, baseURL!, creds.email, 'moderator');
    await apiSignIn(context.request, baseURL!, creds); // a role change ends the person's sessions
    const mod = await context.newPage();

    await mod.goto('/admin/changelog');
    await expect(mod.getByTestId('team-nav').getByRole('link', { name: 'Changelog' })).toHaveAttribute('aria-current', 'page');
    await mod.getByTestId('entry-new').click();
    const title = `Exports ${tag} are here`;
    await mod.getByTestId('entry-title').fill(title);
    await mod.getByTestId('entry-label-select').selectOption('improved');
    await mod.getByLabel('Text', { exact: true }).fill('You can now **export** boards.');
    await mod.getByTestId('picker-search').fill(`quokka ${tag}`);
    await expect(mod.getByTestId('picker-add')).toHaveCount(2);
    await mod.getByTestId('picker-add').first().click();
    await mod.getByTestId('picker-add').nth(1).click();
    await expect(mod.getByTestId('picker-linked').getByRole('listitem')).toHaveCount(2);
    await mod.getByTestId('entry-status-select').selectOption({ label: 'Complete' });
    await mod.getByTestId('entry-save').click();

    const row = mod.getByTestId('admin-entry').filter({ hasText: title });
    await expect(row.getByTestId('admin-entry-state')).toHaveText('Draft');
    await row.getByTestId('admin-entry-publish').click();
    await expect(mod.getByText(/2 posts moved/)).toBeVisible();
    await expect(row.getByTestId('admin-entry-state')).toContainText('Published');

    // The public changelog, as a visitor: the entry with both posts as chips.
    const visitor = await browser.newPage({ baseURL });
    await visitor.goto('/changelog');
    await expect(visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Changelog' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const entry = visitor.getByTestId('changelog-entry').filter({ hasText: title });
    await expect(entry.getByTestId('entry-label')).toHaveText('Improved');
    await expect(entry.getByTestId('entry-post-chip')).toHaveCount(2);
    await expect(entry.getByTestId('entry-post-chip').first()).toContainText(`#${first.number}`);

    // The label filter lives in the URL.
    await visitor.goto('/changelog?label=fixed');
    await expect(visitor.getByTestId('changelog-entry').filter({ hasText: title })).toHaveCount(0);
    await visitor.goto('/changelog?label=improved');
    await expect(visitor.getByTestId('changelog-entry').filter({ hasText: title })).toHaveCount(1);

    // The entry page: canonical URL and open-graph title.
    await visitor.getByRole('link', { name: title }).click();
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/changelog\/exports-/);
    await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(visitor.locator('meta[property="og:description"]')).toHaveAttribute('content', /export boards/);

    // Each post says where it shipped, moved to Complete with the entry as the public note.
    for (const post of [first, second]) {
      await visitor.goto(`/p/${post.number}`);
      await expect(visitor.getByTestId('shipped-in')).toContainText(`Shipped in ${title}`);
      await expect(visitor.getByTestId('status-badge').first()).toHaveText('Complete');
    }
    await visitor.getByTestId('shipped-in').getByRole('link', { name: title }).click();
    await expect(visitor).toHaveURL(/\/changelog\/exports-/);
    await visitor.close();
    await context.close();
  });

  test('axe finds no violations on the changelog pages, in either theme at 360 px and desktop width', async ({
    guardedPage: page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const admin = page.context().request;
    await apiSignIn(admin, baseURL!);
    const tag = Date.now().toString(36);
    const board = await createBoard(admin, baseURL!, 'cla');
    const post = await createPost(admin, baseURL!, board.slug, `Axe check ${tag}`);
    const created = await admin.post('/api/v1/admin/changelog', {
      data: {
        title: `Axe entry ${tag}`,
        body: 'Some *text* with a [link](https://example.com).',
        label: 'new',
        postNumbers: [post.number],
      },
      headers: { Origin: baseURL! },
    });
    expect(created.status()).toBe(201);
    const { id, slug } = (await created.json()) as { id: string; slug: string };
    await admin.post(`/api/v1/admin/changelog/${id}/publish`, { headers: { Origin: baseURL! } });
    await admin.post('/api/v1/admin/changelog', { data: { title: `Draft ${tag}`, label: 'fixed' }, headers: { Origin: baseURL! } });

    const problems: string[] = [];
    for (const path of ['/changelog', `/changelog/${slug}`, '/admin/changelog']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      problems.push(...(await axeViolationsInLooks(page, path, { also: () => sidewaysScroll(page, path) })));
    }
    await page.getByTestId('entry-new').click();
    await expect(page.getByTestId('entry-editor')).toBeVisible();
    problems.push(...(await axeViolationsInLooks(page, 'the entry editor')));
    expect(problems).toEqual([]);
  });
});

/**
 * The team's triage at /admin/inbox, in Chromium: triage entirely by keyboard (filter, select,
 * a status with a note, a merge through the picker, three posts tagged at once), the priority
 * order, approval from the inbox, and axe in both themes at 360 and 1280 px.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolationsInLooks, EVERY_LOOK, sidewaysScroll } from './support/axe';
import { apiSignIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { createBoard, createPost } from './support/posts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function seed(request: APIRequestContext, baseURL: string, titles: string[]) {
  const board = await createBoard(request, baseURL, 'triage');
  const posts = [];
  for (const title of titles) posts.push({ title, ...(await createPost(request, baseURL, board.slug, title)) });
  return { board, posts };
}

const rowTitles = (page: Page) => page.getByTestId('triage-title').allTextContents();
/** Leaves whatever field has focus, as a person pressing Escape and clicking nowhere would: shortcuts work again. */
const leaveField = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

test.describe('the triage inbox', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('triage entirely by keyboard: filter, select, status with a note, merge through the picker, bulk-tag three posts', async ({
    guardedPage: page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const request = page.context().request;
    await apiSignIn(request, baseURL!);
    const tag = `kb-${unique()}`;
    expect((await request.post('/api/v1/tags', { data: { name: tag, color: '#0f766e' }, headers: { Origin: baseURL! } })).status()).toBe(
      201,
    );
    const word = `zebra${unique()}`;
    const { posts } = await seed(request, baseURL!, [
      `${word} export to CSV`,
      `${word} dark mode`,
      `${word} dark theme please`,
      `${word} offline sync`,
      `${word} calendar view`,
    ]);
    const [csv, darkMode, darkTheme] = posts as [(typeof posts)[0], (typeof posts)[0], (typeof posts)[0]];

    await page.goto('/admin/inbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();

    // Filter: "/" focuses the search; Enter applies it (the URL keeps it).
    await page.keyboard.press('/');
    await expect(page.getByTestId('triage-search')).toBeFocused();
    await page.keyboard.type(word);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('triage-total')).toHaveText('5 posts');
    await expect(page).toHaveURL(new RegExp(`q=${word}`));

    // Typing in the search did not trigger shortcuts; now j brings focus to the list, j/k move.
    await leaveField(page);
    await page.keyboard.press('j');
    const titles = await rowTitles(page);
    await expect(page.getByTestId('triage-title').first()).toBeFocused();
    await page.keyboard.press('j');
    await expect(page.getByTestId('triage-title').nth(1)).toBeFocused();
    await page.keyboard.press('k');
    await expect(page.getByTestId('triage-title').first()).toBeFocused();
    await expect(page.getByTestId('triage-detail').getByRole('heading', { level: 2 })).toHaveText(titles[0]!);

    // Go to "export to CSV", set a status with a public note: s, arrows, Tab, type, Enter.
    for (let i = 0; i < titles.indexOf(csv.title); i++) await page.keyboard.press('j');
    await expect(page.getByTestId('triage-detail').getByRole('heading', { level: 2 })).toHaveText(csv.title);
    await page.keyboard.press('s');
    const editor = page.getByTestId('status-editor');
    await expect(editor).toBeVisible();
    await expect(editor.getByRole('radio').first()).toBeFocused();
    // The first radio is "Open"; two steps down is "Planned" among the default statuses.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(editor.getByRole('radio', { name: 'Planned' })).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.type('Coming next quarter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(editor).toHaveCount(0);
    await expect(page.getByTestId('property-status')).toContainText('Planned');
    await expect(page.getByTestId('property-status')).toBeFocused(); // focus returns to the property
    const history = await (await request.get(`/api/v1/posts/${csv.number}`)).json();
    expect(history.status?.name).toBe('Planned');

    // Merge "dark theme please" into "dark mode" through the picker: m, type, arrows, Enter, confirm.
    await leaveField(page);
    await page.keyboard.press('j');
    const now = await rowTitles(page);
    const steps = now.indexOf(darkTheme.title) - now.indexOf(csv.title);
    for (let i = 0; i < Math.abs(steps); i++) await page.keyboard.press(steps > 0 ? 'j' : 'k');
    await expect(page.getByTestId('triage-detail').getByRole('heading', { level: 2 })).toHaveText(darkTheme.title);
    await page.keyboard.press('m');
    await expect(page.getByTestId('merge-search')).toBeFocused();
    await page.keyboard.type(`${word} dark mode`);
    // The list answers what was typed in full (a slow machine may show a shorter query's first).
    await expect(page.getByRole('listbox', { name: 'Matching posts' })).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByTestId('merge-option').filter({ hasText: darkMode.title })).toBeVisible();
    await expect(page.getByTestId('merge-option').filter({ hasText: darkTheme.title })).toHaveCount(0); // never itself
    const options = await page.getByTestId('merge-option').allTextContents();
    const target = options.findIndex((o) => o.includes(darkMode.title));
    expect(target).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < target; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const cards = page.getByTestId('merge-card');
    await expect(cards.nth(0)).toContainText(darkTheme.title);
    await expect(cards.nth(1)).toContainText(darkMode.title);
    await page.getByTestId('merge-confirm').focus(); // the confirm button is the dialog's next stop
    await page.keyboard.press('Enter');
    await expect(page.getByText(`#${darkTheme.number} was merged into #${darkMode.number}.`)).toBeVisible();
    await expect(page.getByTestId('triage-total')).toHaveText('4 posts');
    const merged = await (await request.get(`/api/v1/posts/${darkTheme.number}`)).json();
    expect(merged.mergedInto?.number).toBe(darkMode.number);

    // Bulk-tag three posts: x on each, b to the bulk bar, choose by typing, Enter.
    await leaveField(page);
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    await expect(page.getByTestId('triage-title').first()).toBeFocused();
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('x');
      if (i < 2) await page.keyboard.press('j');
    }
    await expect(page.locator('[data-testid=triage-check]:checked')).toHaveCount(3);
    await page.keyboard.press('b');
    await expect(page.getByTestId('bulk-action')).toBeFocused();
    await page.keyboard.type('Add');
    await expect(page.getByTestId('bulk-action')).toHaveValue('add-tag');
    await page.keyboard.press('Tab');
    await page.keyboard.type(tag);
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('bulk-apply')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Changed 3 posts.')).toBeVisible();
    const tagged = (await rowTitles(page)).slice(0, 3);
    for (const title of tagged) {
      const number = posts.find((p) => p.title === title)!.number;
      const post = await (await request.get(`/api/v1/posts/${number}`)).json();
      expect(post.tags.map((t: { name: string }) => t.name)).toContain(tag);
    }

    // ? lists the shortcuts; Escape closes.
    await leaveField(page);
    await page.keyboard.press('?');
    await expect(page.getByTestId('shortcuts-help')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('shortcuts-help')).toHaveCount(0);
  });

  test('the priority sort puts what matters first, and the detail shows what drives each score', async ({ guardedPage: page, baseURL }) => {
    const request = page.context().request;
    await apiSignIn(request, baseURL!);
    const word = `prio${unique()}`;
    const { board, posts } = await seed(request, baseURL!, [`${word} low`, `${word} high`, `${word} middle`]);
    const set = (number: number, data: object) =>
      request.patch(`/api/v1/posts/${number}/properties`, { data, headers: { Origin: baseURL! } });
    expect((await set(posts[0]!.number, { impact: 1, effort: 5 })).status()).toBe(200);
    expect((await set(posts[1]!.number, { impact: 5, effort: 1 })).status()).toBe(200);
    expect((await set(posts[2]!.number, { impact: 3, effort: 3 })).status()).toBe(200);
    await page.goto(`/admin/inbox?board=${board.slug}&sort=priority`);
    await expect.poll(() => rowTitles(page)).toEqual([`${word} high`, `${word} middle`, `${word} low`]);
    await page.getByTestId('triage-title').first().click();
    await expect(page.getByTestId('property-priority')).toContainText('5.00');
    await expect(page.getByTestId('property-priority')).toContainText('from impact');
    // "Open work by priority": a done post leaves the ranking, however high it scored.
    const statuses = (await (await request.get('/api/v1/statuses')).json()) as { items: { id: string; slug: string }[] };
    const complete = statuses.items.find((st) => st.slug === 'complete')!;
    expect(
      (
        await request.post(`/api/v1/posts/${posts[1]!.number}/status`, {
          data: { statusId: complete.id, note: '' },
          headers: { Origin: baseURL! },
        })
      ).status(),
    ).toBe(200);
    await page.goto(`/admin/inbox?board=${board.slug}`);
    const openWork = page.locator('[data-testid="queue-open-by-priority"]:visible'); // the facets are drawn twice: beside the list, and folded above it
    await openWork.click();
    await expect(openWork).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => rowTitles(page)).toEqual([`${word} middle`, `${word} low`]);
    await expect(openWork).toContainText('2');
    // Back to newest: the order follows creation.
    await page.getByTestId('triage-sort').selectOption('newest');
    await expect.poll(() => rowTitles(page)).toEqual([`${word} middle`, `${word} low`]);
  });

  test('axe finds nothing on /admin/inbox in either theme at 360 and 1280 px, and it does not scroll sideways', async ({
    guardedPage: page,
    baseURL,
  }) => {
    await apiSignIn(page.context().request, baseURL!);
    await seed(page.context().request, baseURL!, [`Axe ${unique()} one`]);
    const fits = () => sidewaysScroll(page, '/admin/inbox');
    // Wide, with a post open beside the list; narrow, the list alone (a click there opens the post's page).
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/inbox');
    await expect(page.getByTestId('triage-list')).toBeVisible();
    await page.getByTestId('triage-title').first().click();
    const problems = await axeViolationsInLooks(page, '/admin/inbox', {
      looks: EVERY_LOOK.filter((l) => l.width === 1280),
      height: 900,
      also: fits,
    });
    await page.setViewportSize({ width: 360, height: 900 });
    await page.goto('/admin/inbox');
    await expect(page.getByTestId('triage-list')).toBeVisible();
    problems.push(
      ...(await axeViolationsInLooks(page, '/admin/inbox', { looks: EVERY_LOOK.filter((l) => l.width === 360), height: 900, also: fits })),
    );
    expect(problems).toEqual([]);
  });
});

/**
 * Triage by role: admins manage statuses and tags at /admin/statuses and /admin/tags; members
 * and moderators are kept out (403). The moderation inbox (a member's post waits until a moderator
 * approves it) is in workspace-settings.spec.ts: moderation is workspace-wide, and on this server
 * other specs' posts would wait too.
 */
import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { apiSignIn, createMember, createModerator } from './support/accounts';
import { expect, test } from './support/fixtures';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function rowNames(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).allTextContents();
}

test.describe('statuses and tags (admins)', () => {
  test('an admin adds, renames, recolours, reorders and deletes a status', async ({ guardedPage: page, baseURL }) => {
    test.setTimeout(60_000);
    await apiSignIn(page.context().request, baseURL!);
    const name = `Triage ${unique()}`;
    await page.goto('/admin/statuses');
    await expect(page.getByRole('heading', { level: 1, name: 'Statuses' })).toBeVisible();
    const defaults = await rowNames(page, 'status-name');
    expect(defaults).toEqual(expect.arrayContaining(['Open', 'Under review', 'Planned', 'In progress', 'Complete', 'Closed']));

    // Inline validation with the server's schema, then a duplicate name refused by the server (ignoring case).
    const add = page.getByTestId('status-add-form');
    await add.getByLabel('Name').fill('   ');
    await add.getByRole('button', { name: 'Add status' }).click();
    await expect(add.getByText('Enter a name')).toBeVisible();
    await add.getByLabel('Name').fill('pLaNnEd');
    await add.getByRole('button', { name: 'Add status' }).click();
    await expect(add.getByText('A status with this name already exists.').first()).toBeVisible();

    await add.getByLabel('Name').fill(name);
    await add.getByLabel('Colour', { exact: true }).fill('#0F766E');
    await add.getByLabel('Category').selectOption('planned');
    await add.getByRole('button', { name: 'Add status' }).click();
    const row = page.getByTestId('status-row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('status-color')).toHaveText('#0f766e');
    expect((await rowNames(page, 'status-name')).at(-1)).toBe(name);
    await expect(page.getByTestId('status-add-form').getByLabel('Name')).toHaveValue('');

    // Rename and recolour inline.
    const renamed = `${name} v2`;
    await row.getByTestId('status-edit').click();
    const edit = page.getByTestId('status-edit-form');
    await edit.getByLabel('Name').fill(renamed);
    await edit.getByLabel('Colour', { exact: true }).fill('#b91c1c');
    await edit.getByRole('button', { name: 'Save' }).click();
    const renamedRow = page.getByTestId('status-row').filter({ hasText: renamed });
    await expect(renamedRow.getByTestId('status-color')).toHaveText('#b91c1c');

    // Reorder with the buttons (keyboard: focus and Enter), and it survives a reload; then back down.
    const before = await rowNames(page, 'status-name');
    await renamedRow.getByTestId('status-up').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('statuses-notice')).toContainText(`Moved “${renamed}” up`);
    const moved = [...before];
    moved.splice(before.length - 2, 2, renamed, before[before.length - 2]!);
    await expect.poll(() => rowNames(page, 'status-name')).toEqual(moved);
    await page.reload();
    await expect.poll(() => rowNames(page, 'status-name')).toEqual(moved);
    // The server's rows show before their buttons work: wait for the page to hydrate.
    await expect(page.getByTestId('notification-bell')).toHaveAccessibleName(/^Notifications, /);
    await page.getByTestId('status-row').filter({ hasText: renamed }).getByTestId('status-down').click();
    await expect.poll(() => rowNames(page, 'status-name')).toEqual(before);

    // The edit form puts a status on the roadmap, and the list says so.
    const roadmapRow = page.getByTestId('status-row').filter({ hasText: renamed });
    await expect(roadmapRow.getByTestId('status-on-roadmap-mark')).toHaveCount(0);
    await roadmapRow.getByTestId('status-edit').click();
    await page.getByTestId('status-edit-form').getByLabel('On the roadmap').check();
    await page.getByTestId('status-edit-form').getByRole('button', { name: 'Save' }).click();
    await expect(roadmapRow.getByTestId('status-on-roadmap-mark')).toBeVisible();

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page, `/admin/statuses (${scheme})`)).toEqual([]);
    }

    // Delete (unused): a confirm dialog.
    await page.getByTestId('status-row').filter({ hasText: renamed }).getByTestId('status-delete').click();
    const dialog = page.getByTestId('status-delete-dialog');
    await expect(dialog).toContainText('No post has this status');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('status-row').filter({ hasText: renamed })).toHaveCount(0);
    // The row and its Delete button are gone: focus goes to the list's heading, not the page's end.
    await expect(page.getByTestId('statuses-heading')).toBeFocused();
    await page.reload();
    await expect(page.getByTestId('status-row').filter({ hasText: renamed })).toHaveCount(0);
  });

  test('an admin adds, renames, recolours and deletes a tag', async ({ guardedPage: page, baseURL }) => {
    await apiSignIn(page.context().request, baseURL!);
    const name = `tag-${unique()}`;
    await page.goto('/admin/tags');
    await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
    const add = page.getByTestId('tag-add-form');
    await add.getByLabel('Colour', { exact: true }).fill('blue');
    await add.getByRole('button', { name: 'Add tag' }).click();
    await expect(add.getByText('Enter a name')).toBeVisible();
    await expect(add.getByText('Use a colour like #6d28d9')).toBeVisible();
    await add.getByLabel('Name').fill(name);
    await add.getByLabel('Colour', { exact: true }).fill('#1D4ED8');
    await add.getByRole('button', { name: 'Add tag' }).click();
    const row = page.getByTestId('tag-row').filter({ hasText: name });
    await expect(row.getByTestId('tag-color')).toHaveText('#1d4ed8');

    // The same name in another case is refused inline.
    await add.getByLabel('Name').fill(name.toUpperCase());
    await add.getByRole('button', { name: 'Add tag' }).click();
    await expect(add.getByText('A tag with this name already exists.').first()).toBeVisible();

    await row.getByTestId('tag-edit').click();
    const edit = page.getByTestId('tag-edit-form');
    await edit.getByLabel('Name').fill(`${name}-renamed`);
    await edit.getByLabel('Colour', { exact: true }).fill('#15803d');
    await edit.getByRole('button', { name: 'Save' }).click();
    const renamed = page.getByTestId('tag-row').filter({ hasText: `${name}-renamed` });
    await expect(renamed.getByTestId('tag-color')).toHaveText('#15803d');
    await page.reload();
    await expect(
      page
        .getByTestId('tag-row')
        .filter({ hasText: `${name}-renamed` })
        .getByTestId('tag-color'),
    ).toHaveText('#15803d');

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page, `/admin/tags (${scheme})`)).toEqual([]);
    }

    // By keyboard: the neutral Delete opens the question; Escape puts focus back on it; the
    // confirm button (the only red one) deletes, and focus goes to the list's heading.
    const deleteButton = page
      .getByTestId('tag-row')
      .filter({ hasText: `${name}-renamed` })
      .getByTestId('tag-delete');
    await deleteButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('tag-delete-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('tag-delete-dialog')).toHaveCount(0);
    await expect(deleteButton).toBeFocused();
    await page.keyboard.press('Enter');
    await page.getByTestId('tag-delete-dialog').getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('tag-row').filter({ hasText: name })).toHaveCount(0);
    await expect(page.getByTestId('tags-heading')).toBeFocused();
  });

  test('the admin pages fit a 360 px wide screen', async ({ guardedPage: page, baseURL }) => {
    await apiSignIn(page.context().request, baseURL!);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/admin/statuses', '/admin/tags', '/admin/inbox']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${path} overflows`).toBeLessThanOrEqual(
        0,
      );
    }
  });
});

test.describe('who may open the triage pages', () => {
  test('a visitor is sent to sign in; a member gets 403 everywhere; a moderator gets the inbox but 403 on statuses and tags', async ({
    guardedPage: page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(60_000);
    const res = await page.goto('/admin/statuses');
    expect(res?.url()).toContain('/login?next=%2Fadmin%2Fstatuses');

    const admin = await browser.newContext({ baseURL });
    const anon = await browser.newContext({ baseURL });
    try {
      await apiSignIn(admin.request, baseURL!);
      const member = await createMember(admin.request, anon.request, baseURL!, 'Triage Member');
      await apiSignIn(page.context().request, baseURL!, member);
      for (const path of ['/admin/statuses', '/admin/tags', '/admin/inbox']) {
        const r = await page.goto(path);
        expect(r?.status(), path).toBe(403);
      }
      const moderator = await createModerator(admin.request, anon.request, baseURL!);
      await page.context().clearCookies();
      await apiSignIn(page.context().request, baseURL!, moderator);
      expect((await page.goto('/admin/statuses'))?.status()).toBe(403);
      expect((await page.goto('/admin/tags'))?.status()).toBe(403);
      expect((await page.goto('/admin/inbox'))?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    } finally {
      await admin.close();
      await anon.close();
    }
  });
});

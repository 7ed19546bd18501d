/**
 * /admin/api-keys: an admin creates a key and sees its secret once, a program uses it to post
 * for a customer, the admin revokes it and the program gets 401; axe and 360 px.
 */
import type { Page } from '@playwright/test';
import { apiSignIn } from './support/accounts';
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { createBoard } from './support/posts';

async function createKeyInUi(page: Page, name: string, scope: 'Read' | 'Write' | 'Admin'): Promise<string> {
  await page.getByLabel('Name').fill(name);
  await page.getByRole('radio', { name: new RegExp(`^${scope}`) }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const panel = page.getByTestId('api-key-secret-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByRole('heading', { name: `Copy the key “${name}” now` })).toBeFocused();
  await expect(panel).toContainText('This is the only time it is shown.');
  return page.getByTestId('api-key-secret').inputValue();
}

test('an admin creates a key, a program posts for a customer with it, and revoking it locks the program out', async ({
  guardedPage: page,
  request,
  baseURL,
}) => {
  await apiSignIn(page.context().request, baseURL!);
  const board = await createBoard(page.context().request, baseURL!, 'keys');

  await page.goto('/admin/tags');
  await page.getByRole('navigation', { name: 'Team area' }).getByRole('link', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\/admin\/api-keys$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();

  const name = `Helpdesk ${Date.now().toString(36)}`;
  const secret = await createKeyInUi(page, name, 'Write');
  expect(secret).toMatch(/^chorus_[0-9A-Za-z]{8}_[0-9A-Za-z]{40}$/);
  const row = page.getByTestId('api-key-row').filter({ hasText: name });
  await expect(row.getByTestId('api-key-prefix')).toHaveText(`${secret.split('_').slice(0, 2).join('_')}_…`);
  await expect(row.getByTestId('api-key-scope')).toHaveText('Write');
  await expect(row.getByTestId('api-key-last-used')).toHaveText('Never');

  // Shown once: gone when dismissed, and never in the page again.
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByTestId('api-key-secret-panel')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Keys', exact: true })).toBeFocused();
  await page.reload();
  expect(await page.content()).not.toContain(secret);

  // A program (no cookies) posts for a customer with the key.
  const title = `Sync tickets ${Date.now().toString(36)}`;
  const created = await request.post('/api/v1/posts', {
    headers: { authorization: `Bearer ${secret}` },
    data: { board: board.slug, title, onBehalfOf: { email: `erin-${Date.now().toString(36)}@customer.test`, name: 'Erin Customer' } },
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { number: number };
  await page.goto(`/p/${post.number}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The customer is the author (under the title on small screens, in the sidebar from 1024 px).
  await expect(page.getByText('Erin Customer', { exact: true }).filter({ visible: true }).first()).toBeVisible();

  await page.goto('/admin/api-keys');
  await expect(row.getByTestId('api-key-last-used')).not.toHaveText('Never');

  // Revoke, behind a confirmation; the program is refused at once.
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke the key “${name}”?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId('api-key-revoked')).toBeVisible();
  await expect(page.getByTestId('api-keys-notice')).toContainText(`Revoked the key “${name}”.`);
  const refused = await request.get('/api/v1/inbox', { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);

  // The audit log names the key for what it did (the customer's account was created by it).
  await page.goto('/admin/audit');
  await expect(
    page.getByTestId('audit-sentence').filter({ hasText: `API key “${name}” created an account for Erin Customer to act on their behalf` }),
  ).toHaveCount(1);
});

test('the API keys page passes axe in light and dark, at 360 and 1280 px, with the secret shown', async ({
  guardedPage: page,
  baseURL,
}) => {
  await apiSignIn(page.context().request, baseURL!);
  await page.goto('/admin/api-keys');
  await createKeyInUi(page, `Axe ${Date.now().toString(36)}`, 'Read');
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [360, 1280]) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 800 });
      const label = `/admin/api-keys ${colorScheme} ${width}px`;
      await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, colorScheme === 'dark');
      expect(await axeViolations(page, label)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${label} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  }
  // The revoke dialog too.
  await page.getByTestId('api-key-revoke').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await axeViolations(page, '/admin/api-keys revoke dialog')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

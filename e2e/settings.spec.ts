import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { adminContext, apiSignIn, createMember, latestEmail, uniqueEmail, type Credentials } from './support/accounts';
import { expect, test } from './support/fixtures';
import { axeViolations } from './support/axe';

/** A new verified member, signed in on `page` through the API; and the admin who reads the outbox. */
async function signedInMember(browser: Browser, page: Page, baseURL: string, displayName = 'Settings Member') {
  const admin = await adminContext(browser, baseURL);
  const anonymous = await browser.newContext({ baseURL });
  const creds = await createMember(admin.request, anonymous.request, baseURL, displayName);
  await anonymous.close();
  await apiSignIn(page.context().request, baseURL, creds);
  return { creds, admin };
}

/** Signs in through the API in a fresh context; answers the status. */
async function signInStatus(browser: Browser, baseURL: string, creds: Credentials): Promise<number> {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.post('/api/v1/auth/sign-in', { data: creds, headers: { Origin: baseURL } });
  await context.close();
  return res.status();
}

async function expectNoAxeViolations(page: Page, label: string) {
  expect(await axeViolations(page, label)).toEqual([]);
}

test.describe('settings', () => {
  test('a visitor is sent to the sign-in page, with the way back in ?next', async ({ guardedPage: page }) => {
    const res = await page.request.get('/settings', { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(res.headers().location).toBe('/login?next=%2Fsettings');
    await page.goto('/settings/account');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login?next=%2Fsettings%2Faccount');
  });

  test('profile: the display name changes everywhere; a bad avatar link is refused inline and nothing typed is lost', async ({
    guardedPage: page,
    browser,
    baseURL,
  }) => {
    const { admin } = await signedInMember(browser, page, baseURL!, 'Before Rename');
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile settings' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByTestId('account-menu')).toHaveAccessibleName('Account menu for Before Rename');

    const form = page.getByTestId('profile-form');
    const name = form.getByLabel('Display name');
    const avatar = form.getByLabel('Avatar image link (optional)');
    await expect(form).not.toContainText(/not available|upload/i);
    await expect(page.getByTestId('section-email')).not.toContainText(/notification/i);
    await name.fill('After Rename');
    await avatar.fill('http://images.example.com/me.png');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(form.getByText('Use an https:// link to an image')).toBeVisible();
    await expect(avatar).toHaveAttribute('aria-invalid', 'true');
    await expect(avatar).toBeFocused();
    await expect(name).toHaveValue('After Rename');
    await expect(page.getByTestId('account-menu')).toHaveAccessibleName('Account menu for Before Rename');

    await avatar.fill('');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(form.getByRole('status')).toHaveText('Your profile is saved.');
    await expect(page.getByTestId('account-menu')).toHaveAccessibleName('Account menu for After Rename');
    await expect(page.getByTestId('profile-preview')).toContainText('After Rename');
    await page.reload();
    await expect(page.getByTestId('profile-form').getByLabel('Display name')).toHaveValue('After Rename');
    await admin.close();
  });

  test('password: a wrong current password is an inline error; the change signs out other browsers and keeps this one', async ({
    guardedPage: page,
    browser,
    baseURL,
  }) => {
    const { creds, admin } = await signedInMember(browser, page, baseURL!);
    const elsewhere = await browser.newContext({ baseURL });
    await apiSignIn(elsewhere.request, baseURL!, creds);
    expect((await elsewhere.request.get('/api/v1/me')).status()).toBe(200);

    await page.goto('/settings');
    const form = page.getByTestId('password-form');
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password', { exact: true }).fill('a new password 5678');
    await form.getByLabel('Repeat the new password').fill('a new password 5678');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('That is not your current password')).toBeVisible();
    await expect(form.getByLabel('Current password')).toBeFocused();
    await expect(form.getByLabel('New password', { exact: true })).toHaveValue('a new password 5678');
    expect((await elsewhere.request.get('/api/v1/me')).status()).toBe(200);

    await form.getByLabel('Repeat the new password').fill('a different one 5678');
    await form.getByLabel('Current password').fill(creds.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('The two new passwords do not match')).toBeVisible();

    await form.getByLabel('Repeat the new password').fill('a new password 5678');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('status')).toContainText('Your password is changed');
    await expect(form.getByLabel('New password', { exact: true })).toHaveValue('');

    expect((await elsewhere.request.get('/api/v1/me')).status()).toBe(401);
    expect((await page.request.get('/api/v1/me')).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('account-menu')).toBeVisible();
    expect(await signInStatus(browser, baseURL!, { email: creds.email, password: 'a new password 5678' })).toBe(200);
    expect(await signInStatus(browser, baseURL!, creds)).toBe(401);
    await elsewhere.close();
    await admin.close();
  });

  test('email: the change waits for the link sent to the new address, then shows the new address', async ({
    guardedPage: page,
    browser,
    baseURL,
  }) => {
    const { creds, admin } = await signedInMember(browser, page, baseURL!);
    const newEmail = uniqueEmail('changed');
    await page.goto('/settings');
    await expect(page.getByTestId('current-email')).toHaveText(creds.email);
    const form = page.getByTestId('email-form');
    await form.getByLabel('New email address').fill(newEmail);
    await form.getByLabel('Current password').fill(creds.password);
    await form.getByRole('button', { name: 'Change email' }).click();
    // No SMTP on this server: the page does not claim that an email went out.
    await expect(page.getByTestId('pending-email')).toContainText(
      `this workspace cannot send email yet, so the link to confirm ${newEmail} waits with its admins`,
    );
    await expect(page.getByTestId('current-email')).toHaveText(creds.email);
    await page.reload();
    await expect(page.getByTestId('pending-email')).toContainText(newEmail);

    // The /verify-email page belongs to another branch; following the link = this API call.
    const mail = await latestEmail(admin.request, newEmail, 'change_email');
    const token = /verify-email\?token=([A-Za-z0-9_-]+)&change=1/.exec(mail.text)![1];
    const verified = await page.request.post('/api/v1/auth/verify-email', { data: { token }, headers: { Origin: baseURL! } });
    expect(verified.status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('current-email')).toHaveText(newEmail);
    await expect(page.getByTestId('pending-email')).toHaveCount(0);
    expect((await latestEmail(admin.request, creds.email, 'email_changed')).kind).toBe('email_changed');
    await admin.close();
  });

  test('account: "Download my data" saves a JSON file with the profile and no secrets', async ({ guardedPage: page, browser, baseURL }) => {
    const { creds, admin } = await signedInMember(browser, page, baseURL!, 'Export Person');
    await page.goto('/settings/account');
    await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Account' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByTestId('section-export')).toContainText('and your posts, comments and votes.');
    await expect(page.getByTestId('section-export')).not.toContainText(/once|will be/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-link').click()]);
    expect(download.suggestedFilename()).toMatch(/^chorus-account-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await readFile((await download.path())!, 'utf8');
    const data = JSON.parse(text) as { profile: { email: string; displayName: string }; sessions: unknown[]; posts: unknown[] };
    expect(data.profile).toMatchObject({ email: creds.email, displayName: 'Export Person' });
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.posts).toEqual([]);
    expect(text).not.toMatch(/passwordHash|tokenHash|argon2/i);
    await admin.close();
  });

  test('account: deleting with the dialog signs out to the home page, and the account cannot sign in again', async ({
    guardedPage: page,
    browser,
    baseURL,
  }) => {
    const { creds, admin } = await signedInMember(browser, page, baseURL!);
    await page.goto('/settings/account');
    const open = page.getByTestId('delete-account-open');

    // Keyboard: the dialog opens on the input, and Escape closes it back onto the button.
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Type DELETE to confirm')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();

    await open.click();
    await dialog.getByLabel('Type DELETE to confirm').fill('delete');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByLabel('Type DELETE to confirm')).toHaveAccessibleDescription('Type DELETE to confirm');
    await expect(dialog.getByLabel('Type DELETE to confirm')).toHaveAttribute('aria-invalid', 'true');
    expect((await page.request.get('/api/v1/me')).status()).toBe(200);

    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('/');
    await expect(page.getByTestId('sign-in-link')).toBeVisible();
    expect((await page.request.get('/api/v1/me')).status()).toBe(401);
    expect(await signInStatus(browser, baseURL!, creds)).toBe(401);
    await admin.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds no violations on the settings pages and the open dialog (${scheme}); they fit 360 px`, async ({
      guardedPage: page,
      browser,
      baseURL,
    }) => {
      const { admin } = await signedInMember(browser, page, baseURL!);
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of ['/settings', '/settings/account']) {
          await page.goto(path);
          await expect(page.locator('h1')).toBeVisible();
          await expectNoAxeViolations(page, `${path} at ${width}px`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${path} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
        }
        await page.getByTestId('delete-account-open').click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoAxeViolations(page, `delete dialog at ${width}px`);
      }
      await admin.close();
    });
  }
});

import type { Page } from '@playwright/test';
import { apiSignIn, uniqueEmail } from './support/accounts';
import { axeViolationsInLooks, sidewaysScroll } from './support/axe';
import { expect, test } from './support/fixtures';

/**
 * Invitations on a server without SMTP (the plain project), as most self-hosters start: the page
 * says the link is for the admin to send, hands it over with a Copy button, lists what is pending,
 * replaces and revokes links, and the waiting-email notice follows without a reload.
 */

/** The number of emails the team's notice says are waiting. */
async function waitingCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('email-not-configured').textContent()) ?? '';
  const match = /(\d+) emails? (?:is|are) waiting/.exec(text);
  if (!match) throw new Error(`no waiting count in: ${text}`);
  return Number(match[1]);
}

async function inviteInUi(page: Page, email: string, role: 'member' | 'moderator' | 'admin') {
  const form = page.getByTestId('invite-form');
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Role').selectOption(role);
  await form.getByRole('button', { name: 'Create invitation' }).click();
}

const rowOf = (page: Page, email: string) => page.getByTestId('invitation-row').filter({ hasText: email });

test.describe('/admin/members without SMTP: invitations', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('the admin copies the link; it signs the person up with the role; the list and the notice follow', async ({
    guardedPage: page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await apiSignIn(page.context().request, baseURL!);
    await page.goto('/admin/members');
    await expect(page.getByText('you get the sign-up link to send them yourself')).toBeVisible();
    await expect(page.getByTestId('pending-invitations')).toBeVisible();
    await expect(page.getByTestId('invitations-loading')).toHaveCount(0);
    await expect(page.getByTestId('email-not-configured')).toBeVisible();
    const before = await waitingCount(page);

    const email = uniqueEmail('invited');
    await inviteInUi(page, email, 'moderator');
    await expect(page.getByTestId('invite-sent')).toContainText('Invitation created: copy the link and send it yourself.');
    await expect(page.getByText(/Invitation sent/)).toHaveCount(0);
    const field = page.getByTestId('invitation-link-field');
    await expect(field).toHaveValue(/\/signup\?invite=[A-Za-z0-9_-]+$/);
    const link = await field.inputValue();

    // Keyboard: from the field, Tab reaches Copy; the outcome is announced in a live region.
    await field.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('invitation-link-copy')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('invitation-link-status')).toHaveText('Copied to the clipboard.');
    await expect(page.getByTestId('invitation-link-status')).toHaveAttribute('aria-live', 'polite');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The email waits in the outbox: the notice counts it without a reload.
    await expect.poll(() => waitingCount(page)).toBeGreaterThan(before);

    const row = rowOf(page, email);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('invitation-role')).toHaveText('Moderator');
    await expect(row.getByTestId('invitation-email')).toHaveAttribute('dir', 'auto');

    // The copied link, opened elsewhere, signs the person up with the role.
    const invited = await browser.newContext({ baseURL });
    try {
      const invitedPage = await invited.newPage();
      await invitedPage.goto(new URL(link).pathname + new URL(link).search);
      await expect(invitedPage.getByLabel('Email', { exact: true })).toHaveValue(email);
      await invitedPage.getByLabel('Your name').fill('Invited Moderator');
      await invitedPage.getByLabel('Password', { exact: true }).fill('invited password 1234');
      await invitedPage.getByTestId('sign-up-submit').click();
      await expect.poll(async () => (await invited.request.get('/api/v1/me')).status()).toBe(200);
      expect(await (await invited.request.get('/api/v1/me')).json()).toMatchObject({ email, role: 'moderator' });
    } finally {
      await invited.close();
    }

    // Accepted: it has left the list.
    await page.reload();
    await expect(page.getByTestId('invitations-loading')).toHaveCount(0);
    await expect(rowOf(page, email)).toHaveCount(0);
  });

  test('"Copy link" makes a new link and the old one stops working; Revoke ends it after asking', async ({
    guardedPage: page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await apiSignIn(page.context().request, baseURL!);
    await page.goto('/admin/members');
    const email = uniqueEmail('revoked');
    await inviteInUi(page, email, 'member');
    const first = await page.getByTestId('invitation-link-field').inputValue();
    const row = rowOf(page, email);
    await expect(row).toHaveCount(1);

    await row.getByTestId('invitation-copy-link').click();
    const dialog = page.getByTestId('invitation-link-dialog');
    await expect(dialog).toContainText('the earlier link cannot be shown');
    await dialog.getByRole('button', { name: 'Make a new link' }).click();
    await expect(page.getByTestId('invitations-outcome')).toContainText('The earlier link no longer works.');
    await expect(page.getByTestId('invitations-outcome')).toBeFocused();
    const second = await page.getByTestId('pending-invitations').getByTestId('invitation-link-field').inputValue();
    expect(second).not.toBe(first);

    const visitor = await browser.newContext({ baseURL });
    try {
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(new URL(first).pathname + new URL(first).search);
      await expect(visitorPage.getByTestId('invite-invalid')).toBeVisible();

      // Revoke asks first; Cancel keeps it.
      await row.getByTestId('invitation-revoke').click();
      const revoke = page.getByTestId('invitation-revoke-dialog');
      await expect(revoke).toContainText('The link stops working at once');
      await revoke.getByRole('button', { name: 'Cancel' }).click();
      await expect(row).toHaveCount(1);
      await row.getByTestId('invitation-revoke').click();
      await page.getByTestId('invitation-revoke-dialog').getByRole('button', { name: 'Revoke' }).click();
      await expect(page.getByTestId('invitations-outcome')).toContainText('is revoked.');
      await expect(rowOf(page, email)).toHaveCount(0);

      await visitorPage.goto(new URL(second).pathname + new URL(second).search);
      await expect(visitorPage.getByTestId('invite-invalid')).toBeVisible();
    } finally {
      await visitor.close();
    }
  });

  test('the Members page with pending invitations passes axe in both themes at 360 and 1280 px', async ({ guardedPage: page, baseURL }) => {
    test.setTimeout(120_000);
    await apiSignIn(page.context().request, baseURL!);
    await page.goto('/admin/members');
    await inviteInUi(page, uniqueEmail('axe'), 'member');
    await expect(page.getByTestId('invitation-link-field')).toBeVisible();
    await expect(page.getByTestId('invitation-row').first()).toBeVisible();
    const problems = await axeViolationsInLooks(page, '/admin/members with invitations', {
      also: (look) => sidewaysScroll(page, `/admin/members ${look.scheme}`),
    });
    expect(problems).toEqual([]);
  });
});

test.describe('invitations in German', () => {
  test.use({ locale: 'de-DE' });

  test('the new words are German, and the address stays as typed', async ({ guardedPage: page, baseURL }) => {
    await apiSignIn(page.context().request, baseURL!);
    await page.goto('/admin/members');
    await expect(page.getByRole('heading', { level: 2, name: 'Offene Einladungen' })).toBeVisible();
    const email = uniqueEmail('einladung');
    const form = page.getByTestId('invite-form');
    await form.getByLabel('E-Mail-Adresse').fill(email);
    await form.getByRole('button', { name: 'Einladung erstellen' }).click();
    await expect(page.getByTestId('invite-sent')).toContainText('Einladung erstellt: Kopieren Sie den Link und schicken Sie ihn selbst.');
    await expect(page.getByTestId('invitation-link-copy')).toHaveText('Kopieren');
    const row = rowOf(page, email);
    await expect(row.getByTestId('invitation-email')).toHaveText(email);
    await expect(row.getByRole('button', { name: /^Zurückziehen/ })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Link kopieren/ })).toBeVisible();
  });
});

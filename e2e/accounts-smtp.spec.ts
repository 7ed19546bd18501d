/** On the `smtp` server: email leaves through a real SMTP server (e2e/support/smtp-sink.ts). */
import { SMTP_SINK_URL } from '../playwright.config';
import { expectSignedInAs, fillSignIn } from './support/account-ui';
import { apiSignIn, linkIn, uniqueEmail } from './support/accounts';
import { expect, test } from './support/fixtures';

interface SunkMessage {
  to: string[];
  subject: string;
  text: string;
}

test('sign-up verification arrives over SMTP, and the outbox shows it as sent', async ({
  guardedPage: page,
  request,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('smtp');
  const name = 'Sam Smtp';
  await page.goto('/signup');
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('smtp password 123');
  await page.getByRole('button', { name: 'Create account' }).click();
  // With SMTP the default (emailConfirmation auto) requires a confirmed address: "check your email".
  await expect(page.getByTestId('check-email')).toContainText(`We have sent an email to ${email}`);

  // Read from the SMTP sink, not from the outbox.
  let received: SunkMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${SMTP_SINK_URL}/messages?to=${encodeURIComponent(email)}`);
        received = ((await res.json()) as SunkMessage[])[0];
        return received?.subject;
      },
      { timeout: 20_000 },
    )
    .toBe('Confirm your email address · Acme Feedback');
  await page.goto(linkIn(received!.text, '/verify-email'));
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expectSignedInAs(page, name);

  const admin = await browser.newContext({ baseURL });
  await apiSignIn(admin.request, baseURL!);
  const adminPage = await admin.newPage();
  // Email works here: the team area shows no "email is not configured" notice.
  const status = adminPage.waitForResponse('**/api/v1/admin/email-status');
  await adminPage.goto('/admin/outbox');
  expect(await (await status).json()).toMatchObject({ smtpConfigured: true });
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(adminPage.getByTestId('email-not-configured')).toHaveCount(0);
  await expect(adminPage.getByTestId('smtp-off')).toHaveCount(0);
  const item = adminPage.getByTestId('outbox-item').filter({ hasText: email });
  await expect(item.getByTestId('outbox-status')).toHaveText('Sent');
  await admin.close();
});

test('an unconfirmed address is told to confirm first when signing in, and a new link arrives', async ({
  guardedPage: page,
  request,
  baseURL,
}) => {
  const creds = { email: uniqueEmail('unconfirmed'), password: 'unconfirmed password' };
  const up = await request.post('/api/v1/auth/sign-up', { data: { ...creds, displayName: 'Una' }, headers: { Origin: baseURL! } });
  expect(up.status()).toBe(202);
  expect(await up.json()).toEqual({ status: 'check-email' });
  await page.goto('/login');
  await fillSignIn(page, creds);
  await expect(page.getByTestId('form-problem')).toContainText('Please confirm your email address first: we have sent you a new link.');
  await expect(page).toHaveURL(/\/login$/);
  // The sign-up's link and the new one: both reached the SMTP server.
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${SMTP_SINK_URL}/messages?to=${encodeURIComponent(creds.email)}`)).json()) as SunkMessage[]).length,
      { timeout: 20_000 },
    )
    .toBe(2);
});

test('with SMTP an invitation says it is queued to send, shows no link to copy, and the email arrives', async ({
  guardedPage: page,
  request,
  baseURL,
}) => {
  await apiSignIn(page.context().request, baseURL!);
  await page.goto('/admin/members');
  const email = uniqueEmail('smtp-invite');
  const form = page.getByTestId('invite-form');
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByTestId('invite-sent')).toContainText('queued to send');
  await expect(page.getByTestId('invite-sent')).not.toContainText('copy the link');
  await expect(page.getByTestId('invitation-link-field')).toHaveCount(0);
  await expect(page.getByTestId('invitation-row').filter({ hasText: email })).toHaveCount(1);
  await expect
    .poll(
      async () => {
        const res = await request.get(`${SMTP_SINK_URL}/messages?to=${encodeURIComponent(email)}`);
        return ((await res.json()) as SunkMessage[])[0]?.text ?? '';
      },
      { timeout: 20_000 },
    )
    .toMatch(/\/signup\?invite=[A-Za-z0-9_-]+/);
});

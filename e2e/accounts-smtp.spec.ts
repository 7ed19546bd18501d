/** On the `smtp` server: email leaves through a real SMTP server (e2e/support/smtp-sink.ts). */
import { SMTP_SINK_URL } from '../playwright.config';
import { expectSignedInAs } from './support/account-ui';
import { apiSignIn, linkIn, uniqueEmail } from './support/accounts';
import { expect, test } from './support/fixtures';

interface SunkMessage {
  to: string[];
  subject: string;
  text: string;
}

test('sign-up verification arrives over SMTP, and the outbox shows it as sent', async ({ guardedPage: page, request, browser, baseURL }) => {
  const email = uniqueEmail('smtp');
  const name = 'Sam Smtp';
  await page.goto('/signup');
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('smtp password 123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('check-email')).toBeVisible();

  // Read from the SMTP sink, not from the outbox.
  let received: SunkMessage | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`${SMTP_SINK_URL}/messages?to=${encodeURIComponent(email)}`);
      received = ((await res.json()) as SunkMessage[])[0];
      return received?.subject;
    }, { timeout: 20_000 })
    .toBe('Confirm your email address · Acme Feedback');
  await page.goto(linkIn(received!.text, '/verify-email'));
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expectSignedInAs(page, name);

  const admin = await browser.newContext({ baseURL });
  await apiSignIn(admin.request, baseURL!);
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin/outbox');
  await expect(adminPage.getByTestId('smtp-off')).toHaveCount(0);
  const item = adminPage.getByTestId('outbox-item').filter({ hasText: email });
  await expect(item.getByTestId('outbox-status')).toHaveText('Sent');
  await admin.close();
});

import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { expectSignedInAs, fillSignIn, signOutInUi } from './support/account-ui';
import { axeViolations } from './support/axe';
import { adminContext, createMember, latestEmail, linkIn, uniqueEmail } from './support/accounts';
import { expect, test } from './support/fixtures';

async function expectHome(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

test.describe('accounts in the browser', () => {
  test('without SMTP: sign up and in at once, confirm the email from the outbox, sign out and in, use a magic link, reset the password', async ({
    guardedPage: page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const admin = await adminContext(browser, baseURL!);
    const name = 'Flo Member';
    const email = uniqueEmail('flow');
    const password = 'first password 123';

    // Sign up in the UI. This server has no SMTP, so a confirmed email is not required (the
    // default, emailConfirmation auto): the new member is signed in at once, and nothing claims
    // that an email was sent.
    await page.goto('/signup');
    await page.getByLabel('Your name').fill(name);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectHome(page);
    await expectSignedInAs(page, name);
    await page.goto('/settings');
    await expect(page.getByTestId('email-unconfirmed')).toContainText('not confirmed yet');

    // The confirmation link waits in the outbox; an admin passes it on, and it is confirmed
    // with a button press in the browser that signed up (so the password stays).
    const verify = await latestEmail(admin.request, email, 'verify_email');
    const verifyLink = linkIn(verify.text, '/verify-email');
    await page.goto(verifyLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await expectHome(page);
    await expectSignedInAs(page, name);
    await page.goto('/settings');
    await expect(page.getByTestId('current-email')).toHaveText(email);
    await expect(page.getByTestId('email-unconfirmed')).toHaveCount(0);

    // The link was single-use: a second visit explains and offers a way on.
    await page.goto(verifyLink);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await expect(page.getByTestId('token-invalid')).toContainText('This link has expired or was already used.');
    await expect(page.getByTestId('token-invalid')).toBeFocused();
    await expect(page.getByTestId('token-invalid').getByRole('link', { name: 'Sign in' })).toBeVisible();

    await page.goto('/');
    await signOutInUi(page);

    // Password sign-in.
    await page.goto('/login');
    await fillSignIn(page, { email, password });
    await expectHome(page);
    await expectSignedInAs(page, name);
    await signOutInUi(page);

    // Magic link: asked for from the sign-in page, the typed email carried over. The page says
    // up front that the link waits with the admins, and afterwards that nothing was emailed.
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await expect(page.getByText('This workspace cannot send email yet: a sign-in link would wait with its admins')).toBeVisible();
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByTestId('ask-admin')).toContainText(email);
    await expect(page.getByTestId('ask-admin')).toContainText('Nothing was emailed');
    await expect(page.getByTestId('check-email')).toHaveCount(0);
    const magic = await latestEmail(admin.request, email, 'magic_link');
    await page.goto(linkIn(magic.text, '/magic-link'));
    await page.getByRole('button', { name: 'Sign me in' }).click();
    await expectHome(page);
    await expectSignedInAs(page, name);
    await signOutInUi(page);

    // Forgot and reset the password.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The sign-in page has an Email field too: fill the one of the page that has been drawn.
    await expect(page.getByRole('button', { name: 'Send me a reset link' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    await expect(page.getByTestId('ask-admin')).toContainText(email);
    const reset = await latestEmail(admin.request, email, 'reset_password');
    await page.goto(linkIn(reset.text, '/reset-password'));
    const newPassword = 'second password 456';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expectHome(page);
    await expectSignedInAs(page, name);
    await signOutInUi(page);

    // The old password no longer works; the error is announced, focused, and nothing typed is lost.
    await page.goto('/login');
    await fillSignIn(page, { email, password });
    const problem = page.getByTestId('form-problem');
    await expect(problem).toContainText('That email and password do not match');
    await expect(problem).toBeFocused();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(password);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectHome(page);
    await expectSignedInAs(page, name);
    await admin.close();
  });

  test('no enumeration: asking for a reset or a sign-in link answers the same for an unknown address', async ({
    guardedPage: page,
    request,
    browser,
    baseURL,
  }) => {
    const admin = await adminContext(browser, baseURL!);
    const known = await createMember(admin.request, request, baseURL!);
    const unknown = uniqueEmail('nobody');
    const answers: string[] = [];
    for (const email of [known.email, unknown]) {
      await page.goto('/forgot-password');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Send me a reset link' }).click();
      answers.push((await page.getByTestId('ask-admin').innerText()).replace(email, '<email>'));
    }
    for (const email of [known.email, unknown]) {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
      answers.push((await page.getByTestId('ask-admin').innerText()).replace(email, '<email>'));
    }
    expect(answers[0]).toBe(answers[1]);
    expect(answers[2]).toBe(answers[3]);
    expect(answers[0]).toContain('If an account uses <email>');
    await admin.close();
  });

  test('without SMTP, sign-up cannot hide a taken address, and says so on the field', async ({ guardedPage: page, request, baseURL }) => {
    const creds = { email: uniqueEmail('taken'), password: 'taken password 123' };
    const up = await request.post('/api/v1/auth/sign-up', { data: { ...creds, displayName: 'First' }, headers: { Origin: baseURL! } });
    expect(up.status()).toBe(201);
    await page.goto('/signup');
    await page.getByLabel('Your name').fill('Second');
    await page.getByLabel('Email', { exact: true }).fill(creds.email);
    await page.getByLabel('Password', { exact: true }).fill('another password 1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('An account already uses this address. Sign in, or reset your password.')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  });

  test("someone else's password on an unconfirmed account is removed when the owner confirms, and the owner sets one", async ({
    guardedPage: page,
    browser,
    baseURL,
  }) => {
    const admin = await adminContext(browser, baseURL!);
    const squatter = await browser.newContext({ baseURL });
    try {
      // Someone signs up first with an address that is not theirs.
      const email = uniqueEmail('owner');
      const squatted = { email, password: 'not the owners password' };
      const up = await squatter.request.post('/api/v1/auth/sign-up', {
        data: { ...squatted, displayName: 'Squatter' },
        headers: { Origin: baseURL! },
      });
      expect(up.status()).toBe(201);

      // The owner gets the confirmation link (an admin passes it on) and follows it in their own browser.
      const link = linkIn((await latestEmail(admin.request, email, 'verify_email')).text, '/verify-email');
      await page.goto(link);
      await page.getByRole('button', { name: 'Confirm my email' }).click();
      const told = page.getByTestId('password-cleared');
      await expect(told).toContainText('we removed it and signed out every other browser');
      await expect(told).toBeFocused();
      expect(await axeViolations(page, '/verify-email, password removed')).toEqual([]);

      // The squatter is out, and their password no longer works.
      expect((await squatter.request.get('/api/v1/me')).status()).toBe(401);
      expect((await squatter.request.post('/api/v1/auth/sign-in', { data: squatted, headers: { Origin: baseURL! } })).status()).toBe(401);

      // The owner sets a password in Settings, without a current one, and signs in with it.
      await told.getByRole('link', { name: 'Set a password in Settings' }).click();
      await expect(page.getByRole('heading', { name: 'Set a password' })).toBeVisible();
      const passwordForm = page.getByTestId('password-form');
      await expect(passwordForm.getByLabel('Current password')).toHaveCount(0);
      // Changing the address needs a password, so that form waits until one is set.
      await expect(page.getByTestId('email-needs-password')).toBeVisible();
      await expect(page.getByTestId('email-form')).toBeHidden();
      await passwordForm.getByLabel('New password', { exact: true }).fill('the owners own password');
      await passwordForm.getByLabel('Repeat the new password').fill('the owners own password');
      await passwordForm.getByRole('button', { name: 'Set password' }).click();
      await expect(passwordForm).toContainText('Your password is set');
      await signOutInUi(page);
      await page.goto('/login');
      await fillSignIn(page, { email, password: 'the owners own password' });
      await expectHome(page);
    } finally {
      await squatter.close();
      await admin.close();
    }
  });

  test('the forms validate in the browser with the shared rules, and focus the first invalid field', async ({ guardedPage: page }) => {
    await page.goto('/signup');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Enter a name')).toBeVisible();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.getByText('Use at least 10 characters')).toBeVisible();
    await expect(page.getByLabel('Your name')).toBeFocused();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('not-an-email');
  });

  test('?next= brings a visitor back to the admin outbox after signing in, with the team navigation', async ({ guardedPage: page }) => {
    await page.goto('/admin/outbox');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Foutbox$/);
    await fillSignIn(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin\/outbox$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
    const teamNav = page.getByRole('navigation', { name: 'Team area' });
    await expect(teamNav.getByRole('link', { name: 'Outbox' })).toHaveAttribute('aria-current', 'page');
    await expect(teamNav.getByRole('link')).toHaveText([
      'Insights',
      'Inbox',
      'Boards',
      'Statuses',
      'Tags',
      'Changelog',
      'Members',
      'Webhooks',
      'API keys',
      'Audit log',
      'Outbox',
      'Settings',
      'Data',
    ]);

    // Signed in, /login has nothing to offer: it goes home.
    await page.goto('/login');
    await expectHome(page);
  });

  test('?next= is never an open redirect', async ({ guardedPage: page, baseURL }) => {
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      await page.context().clearCookies();
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await fillSignIn(page, E2E_ADMIN);
      await expectHome(page);
      expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    }
  });

  test('an expired or made-up link explains itself instead of failing', async ({ guardedPage: page }) => {
    await page.goto('/magic-link?token=' + 'x'.repeat(43));
    await page.getByRole('button', { name: 'Sign me in' }).click();
    await expect(page.getByTestId('token-invalid')).toContainText('expired or was already used');
    await expect(page.getByTestId('token-invalid').getByRole('link', { name: 'Go to sign in' })).toBeVisible();

    await page.goto('/reset-password?token=' + 'y'.repeat(43));
    await page.getByLabel('New password', { exact: true }).fill('a good new password');
    await page.getByLabel('Repeat the new password').fill('a good new password');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page.getByTestId('form-problem')).toContainText('expired or was already used');
    await expect(page.getByTestId('form-problem').getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

    await page.goto('/signup?invite=' + 'z'.repeat(43));
    await expect(page.getByTestId('invite-invalid')).toContainText('This invitation has expired or was already used');
  });

  test('keyboard only: sign in without a mouse', async ({ guardedPage: page }) => {
    await page.goto('/login');
    const email = page.getByLabel('Email', { exact: true });
    for (let i = 0; i < 20 && !(await email.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(email).toBeFocused();
    await page.keyboard.type(E2E_ADMIN.email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type(E2E_ADMIN.password);
    await page.keyboard.press('Enter');
    await expectHome(page);
    await expectSignedInAs(page, 'Admin');
  });
});

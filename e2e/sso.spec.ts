import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { PORTS } from '../playwright.config';
import { adminContext } from './support/accounts';
import { expectSignedInAs } from './support/account-ui';
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { startOidcProvider, type TestProvider } from './support/oidc-provider';

/**
 * Single sign-on against a real OpenID provider (oidc-provider), started here on loopback and
 * stopped after. Runs alone on the `sso` server (CHORUS_SECRET_KEY set): it changes the sign-up
 * policy and turns password sign-in off.
 */
test.describe.configure({ mode: 'serial' });

const LABEL = 'Corp SSO';
let idp: TestProvider;

test.beforeAll(async () => {
  // The sso project's server (playwright.config.ts): its redirect URI is registered at the provider.
  idp = await startOidcProvider(PORTS.oidcProvider, `http://127.0.0.1:${PORTS.sso}/login/sso/oidc`);
});
test.afterAll(async () => {
  await idp?.close();
});

const origin = (baseURL: string) => ({ Origin: baseURL });

/** From /login: press the provider's button and sign in at the provider as `login`. */
async function signInThroughProvider(page: Page, login: string) {
  await page.getByRole('button', { name: `Continue with ${LABEL}` }).click();
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any password at all');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

const me = async (request: APIRequestContext) => (await request.get('/api/v1/me')).status();

async function visitor(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test('an admin configures a generic OpenID Connect provider; the client secret never comes back', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await adminContext(browser, baseURL!);
  const page = await context.newPage();
  await page.goto('/admin/settings');
  const form = page.getByTestId('sso-form-oidc');
  await expect(form).toContainText(`${baseURL}/login/sso/oidc`);
  // What is typed before the form has hydrated is not the form's: wait for it (the bell's count arrives then).
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName(/^Notifications, /);
  await form.getByLabel('Button label', { exact: true }).fill(LABEL);
  await form.getByLabel('Client ID', { exact: true }).fill(idp.clientId);
  await form.getByLabel('Client secret', { exact: true }).fill(idp.clientSecret);
  // An issuer inside the network (here the cloud metadata address) is refused on its field, in the page's words.
  const issuer = form.getByLabel('Issuer URL', { exact: true });
  await issuer.fill('https://169.254.169.254');
  // Saved from the keyboard: Enter in a field submits its form. (A click once waited two minutes,
  // on a loaded machine, for the button to become actionable.)
  await issuer.press('Enter');
  await expect(issuer).toHaveAttribute('aria-invalid', 'true');
  await expect(issuer).toHaveAccessibleDescription(/This issuer is refused: it points at an address that is not public/);
  await issuer.fill(idp.issuer);
  await issuer.press('Enter');
  await expect(page.getByTestId('sso-oidc-message')).toHaveText('OpenID Connect saved.');
  await expect(form.getByLabel('Replace the client secret', { exact: true })).toHaveValue('');
  await page.reload();
  expect(await page.content()).not.toContain(idp.clientSecret);
  const api = await context.request.get('/api/v1/admin/sso');
  expect(api.status()).toBe(200);
  const text = await api.text();
  expect(text).not.toContain(idp.clientSecret);
  expect(JSON.parse(text)).toMatchObject({ secretKeyConfigured: true, providers: [{ id: 'oidc', label: LABEL, clientSecretSet: true }] });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await axeViolations(page, `/admin/settings (${scheme})`)).toEqual([]);
  }
  await context.close();
});

test('success: a new person signs in through the provider and gets a verified account', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { context, page } = await visitor(browser, baseURL!);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/login?next=/roadmap');
      await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
      expect(await axeViolations(page, `/login with a provider (${width}px, ${scheme})`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    }
  }
  await signInThroughProvider(page, 'ada.lovelace@corp.test');
  await expect(page).toHaveURL(`${baseURL}/roadmap`);
  await expectSignedInAs(page, 'ada lovelace');
  const body = (await (await context.request.get('/api/v1/me')).json()) as { email: string; emailVerified: boolean };
  expect(body).toMatchObject({ email: 'ada.lovelace@corp.test', emailVerified: true });
  await context.close();
});

test('a wrong state is refused, and nobody is signed in', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { context, page } = await visitor(browser, baseURL!);
  // The provider's redirect back arrives with a state this browser never started with.
  idp.onNextCallback((url) => {
    url.searchParams.set('state', 'forged-state-value');
    return url;
  });
  await page.goto('/login');
  await signInThroughProvider(page, 'state.victim@corp.test');
  await expect(page.getByTestId('sso-failure')).toContainText('could not be matched');
  expect(await me(context.request)).toBe(401);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page, `/login/sso/oidc failure (${width}px, ${scheme})`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    }
  }
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(`${baseURL}/login`);
  await context.close();
});

test('an expired authorization code is refused', async ({ browser, baseURL }) => {
  const { context, page } = await visitor(browser, baseURL!);
  idp.setCodeTtl(1);
  try {
    // The person comes back after the code has expired.
    idp.onNextCallback(async (url) => {
      await new Promise((r) => setTimeout(r, 2500));
      return url;
    });
    await page.goto('/login');
    await signInThroughProvider(page, 'slow.person@corp.test');
    await expect(page.getByTestId('sso-failure')).toContainText('did not confirm the sign-in');
    expect(await me(context.request)).toBe(401);
  } finally {
    idp.setCodeTtl(60);
  }
  await context.close();
});

test('an unverified email never takes over the account that uses it', async ({ browser, baseURL }) => {
  const { context, page } = await visitor(browser, baseURL!);
  const owner = { email: 'owner@corp.test', password: 'owner password 1234', displayName: 'Owner' };
  const up = await context.request.post('/api/v1/auth/sign-up', { data: owner, headers: origin(baseURL!) });
  expect(up.status()).toBe(201);
  await context.clearCookies();
  await page.goto('/login');
  await signInThroughProvider(page, `unverified:${owner.email}`);
  await expect(page.getByTestId('sso-failure')).toContainText('has not verified your email address');
  expect(await me(context.request)).toBe(401);
  // The account is untouched: its owner's password still works.
  const signIn = await context.request.post('/api/v1/auth/sign-in', { data: owner, headers: origin(baseURL!) });
  expect(signIn.status()).toBe(200);
  await context.close();
});

test('a domain outside the allowlist cannot sign up through the provider; an allowed one can', async ({ browser, baseURL }) => {
  const admin = await adminContext(browser, baseURL!);
  const policy = (data: object) => admin.request.patch('/api/v1/admin/settings', { data, headers: origin(baseURL!) });
  expect((await policy({ signupPolicy: 'domain_allowlist', allowedDomains: ['corp.test'] })).status()).toBe(200);
  try {
    const outsider = await visitor(browser, baseURL!);
    await outsider.page.goto('/login');
    await signInThroughProvider(outsider.page, 'mallory@elsewhere.test');
    await expect(outsider.page.getByTestId('sso-failure')).toContainText('does not accept new accounts');
    expect(await me(outsider.context.request)).toBe(401);
    await outsider.context.close();

    const insider = await visitor(browser, baseURL!);
    await insider.page.goto('/login');
    await signInThroughProvider(insider.page, 'carol@corp.test');
    await expectSignedInAs(insider.page, 'carol');
    await insider.context.close();
  } finally {
    await policy({ signupPolicy: 'open', allowedDomains: [] });
    await admin.close();
  }
});

test('single sign-on only: an admin who signed in through the provider turns password sign-in off', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  // The admin links their account by signing in through the provider with their verified address.
  const { context, page } = await visitor(browser, baseURL!);
  await page.goto('/login?next=/admin/settings');
  await signInThroughProvider(page, 'admin@chorus.test');
  await expect(page).toHaveURL(`${baseURL}/admin/settings`);
  // A full page load: the toggle works once the page has hydrated (the bell's count arrives then).
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName(/^Notifications, /);
  await page.getByTestId('sso-password-toggle').click();
  await expect(page.getByTestId('sso-password-message')).toContainText('single sign-on only');
  try {
    const other = await visitor(browser, baseURL!);
    const refused = await other.context.request.post('/api/v1/auth/sign-in', {
      data: { email: 'owner@corp.test', password: 'owner password 1234' },
      headers: origin(baseURL!),
    });
    expect(refused.status()).toBe(403);
    for (const width of [360, 1280]) {
      await other.page.setViewportSize({ width, height: 800 });
      for (const scheme of ['light', 'dark'] as const) {
        await other.page.emulateMedia({ colorScheme: scheme });
        await other.page.goto('/login');
        await expect(other.page.getByRole('button', { name: `Continue with ${LABEL}` })).toBeVisible();
        await expect(other.page.getByLabel('Password', { exact: true })).toHaveCount(0);
        await expect(other.page.getByTestId('use-magic-link')).toHaveCount(0);
        expect(await axeViolations(other.page, `/login SSO only (${width}px, ${scheme})`)).toEqual([]);
        expect(await other.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      }
    }
    await other.context.close();
  } finally {
    const back = await context.request.patch('/api/v1/admin/sso', { data: { passwordSignIn: true }, headers: origin(baseURL!) });
    expect(back.status()).toBe(200);
    await context.close();
  }
});

test('an admin removes the provider after confirming; its button leaves the sign-in page', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await adminContext(browser, baseURL!);
  const page = await context.newPage();
  await page.goto('/admin/settings');
  const form = page.getByTestId('sso-form-oidc');
  await form.getByRole('button', { name: 'Remove OpenID Connect' }).click();
  const dialog = page.getByTestId('sso-oidc-remove-dialog');
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page, '/admin/settings, removing a provider')).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Remove OpenID Connect' })).toBeFocused();
  await form.getByRole('button', { name: 'Remove OpenID Connect' }).click();
  await dialog.getByRole('button', { name: 'Remove OpenID Connect' }).click();
  await expect(page.getByTestId('sso-oidc-message')).toHaveText('OpenID Connect removed.');
  await expect(form).toContainText('(Not set up)');
  const { page: visitorPage } = await visitor(browser, baseURL!);
  await visitorPage.goto('/login');
  await expect(visitorPage.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(visitorPage.getByRole('button', { name: `Continue with ${LABEL}` })).toHaveCount(0);
  await visitorPage.context().close();
  await context.close();
});

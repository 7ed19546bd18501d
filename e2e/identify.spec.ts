/**
 * Identify in Chromium (docs/identify.md): an admin creates the identify secret at
 * /admin/settings (shown once); a link the host product signed with it (`/sso?token=…&redirect=`)
 * signs a new person in and lands on the redirect; they vote, and the team sees their company and
 * MRR in the voter list. The same link again, a bad token, or a foreign redirect never sign in or
 * leave the board, and the error page is clear and axe-clean in both themes at 360 and 1280 px.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Page } from '@playwright/test';
import { adminContext } from './support/accounts';
import { expectSignedInAs } from './support/account-ui';
import { axeViolations } from './support/axe';
import { createBoard, createPost } from './support/posts';
import { expect, test } from './support/fixtures';

/** A token as the host product signs it (HS256, `aud` the board's PUBLIC_URL, 5 minutes, a fresh jti). */
async function hostToken(secret: string, audience: string, claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(secret));
}

/** Creates (or replaces) the secret in the settings section, and reads it from the one-time notice. */
async function makeSecret(page: Page): Promise<string> {
  await page.goto('/admin/settings');
  const section = page.getByRole('region', { name: 'Identify users from your product' });
  await expect(section).toBeVisible();
  const create = section.getByTestId('identify-create');
  const value = section.getByTestId('identify-secret-value');
  if (await create.isVisible()) {
    await create.click();
    await expect(value).toHaveText(/^idsec_/);
    // Shown once: focus goes to it, so keyboard and screen-reader users find it.
    await expect(section.getByRole('heading', { name: 'Your identify secret' })).toBeFocused();
  } else {
    await section.getByTestId('identify-rotate').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Replace the secret' }).click();
    await expect(value).toHaveText(/^idsec_/);
    // The closing dialog hands focus back to its button first; it must end on the new secret.
    await expect(section.getByRole('heading', { name: 'Your identify secret' })).toBeFocused();
  }
  await expect(section.getByTestId('identify-status')).toHaveText(/^Created /);
  return (await value.textContent())!.trim();
}

test.describe('identify: the host product signs its users in', () => {
  test('admins create and replace the secret at /admin/settings: shown once, focus managed, axe-clean', async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const admin = await adminContext(browser, baseURL!);
    const page = await admin.newPage();
    const first = await makeSecret(page);
    const section = page.getByRole('region', { name: 'Identify users from your product' });
    const problems: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        problems.push(...(await axeViolations(page, `/admin/settings with the new secret ${scheme} ${width}px`)));
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      }
    }
    // Done: the secret is gone for good, and focus stays in the section instead of falling to the page's start.
    await section.getByRole('button', { name: 'Done' }).click();
    await expect(section.getByTestId('identify-secret')).toHaveCount(0);
    await expect(section.getByRole('heading', { name: 'Identify users from your product' })).toBeFocused();
    await page.reload();
    await expect(section.getByTestId('identify-status')).toHaveText(/^Created /);
    await expect(section.getByTestId('identify-secret')).toHaveCount(0);
    expect(await page.content()).not.toContain(first);

    // Replacing asks first (the dialog is axe-clean too), then shows a different secret, focused.
    await section.getByTestId('identify-rotate').click();
    await expect(page.getByRole('dialog', { name: 'Replace the identify secret?' })).toBeVisible();
    problems.push(...(await axeViolations(page, '/admin/settings replace dialog')));
    await page.keyboard.press('Escape');
    await expect(section.getByTestId('identify-rotate')).toBeFocused();
    const second = await makeSecret(page);
    expect(second).not.toBe(first);
    // Cancelled while the new secret is still on screen: focus goes back to the button, not to the secret.
    await section.getByTestId('identify-rotate').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(section.getByTestId('identify-rotate')).toBeFocused();
    await expect(section.getByTestId('identify-secret')).toContainText(second);
    expect(problems).toEqual([]);
    await admin.close();
  });

  test('a host-signed link signs a new person in, lands on the redirect, and the team sees their company', async ({
    browser,
    guardedPage: page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const admin = await adminContext(browser, baseURL!);
    const adminPage = await admin.newPage();
    const secret = await makeSecret(adminPage);
    await expect(adminPage.getByTestId('identify-audience')).toHaveText(baseURL!);
    const board = await createBoard(admin.request, baseURL!, 'identify');
    const post = await createPost(admin.request, baseURL!, board.slug, `Single sign-on ${Date.now()}`);

    const sub = `host-user-${Date.now()}`;
    const token = await hostToken(secret, baseURL!, {
      sub,
      email: `${sub}@customer.example`,
      name: 'Hana Host',
      company: { id: `acme-${sub}`, name: 'Acme Rockets', monthlySpend: 1234.5 },
    });
    await page.goto(`/sso?token=${token}&redirect=${encodeURIComponent(`/p/${post.number}`)}`);
    await expect(page).toHaveURL(new RegExp(`/p/${post.number}(-[a-z0-9-]+)?$`));
    await expectSignedInAs(page, 'Hana Host');
    await page.getByTestId('vote-button').first().click();
    await expect(page.getByTestId('vote-button').first()).toHaveAttribute('aria-pressed', 'true');

    // The same link again: used once, so it explains instead of signing in.
    const again = await browser.newPage({ baseURL });
    await again.goto(`/sso?token=${token}&redirect=/p/${post.number}`);
    await expect(again).toHaveURL(/\/sso\?error=replayed$/);
    await expect(again.getByTestId('sso-error-message')).toContainText('already used');
    await expect(again.getByTestId('sign-in-link')).toBeVisible();
    await again.close();

    // The team sees the voter's company and its MRR.
    await adminPage.goto(`/p/${post.number}`);
    await adminPage.getByTestId('voters-open').click();
    const voter = adminPage.getByTestId('voter').filter({ hasText: 'Hana Host' });
    await expect(voter.getByTestId('voter-company')).toHaveText('Acme Rockets · MRR 1,234.50');
    await admin.close();
  });

  test('a foreign redirect stays on the board, and bad tokens never sign in', async ({ browser, guardedPage: page, baseURL }) => {
    const admin = await adminContext(browser, baseURL!);
    const adminPage = await admin.newPage();
    const secret = await makeSecret(adminPage);
    await admin.close();
    const sub = `redirect-${Date.now()}`;
    const token = await hostToken(secret, baseURL!, { sub, email: `${sub}@customer.example`, name: 'Rita Redirect' });
    await page.goto(`/sso?token=${token}&redirect=${encodeURIComponent('https://evil.example/steal')}`);
    await expect(page).toHaveURL(`${baseURL}/`);
    await expectSignedInAs(page, 'Rita Redirect');

    const stranger = await browser.newPage({ baseURL });
    const forged = await hostToken('idsec_not-the-board-secret-0000000000000000000', baseURL!, { sub: 'x', email: 'x@customer.example' });
    await stranger.goto(`/sso?token=${forged}&redirect=/`);
    await expect(stranger).toHaveURL(/\/sso\?error=bad_signature$/);
    await expect(stranger.getByRole('heading', { level: 1, name: 'We could not sign you in' })).toBeVisible();
    await expect(stranger.getByTestId('sign-in-link')).toBeVisible();
    await stranger.close();
  });

  test('the error page is clear, axe-clean in both themes, and fits 360 px', async ({ guardedPage: page }) => {
    const problems: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/sso?token=not-a-token');
        await expect(page).toHaveURL(/\/sso\?error=malformed$/);
        await expect(page.getByRole('heading', { level: 1, name: 'We could not sign you in' })).toBeVisible();
        await expect(page.getByTestId('sso-error-message')).toHaveText(/could not be read/);
        problems.push(...(await axeViolations(page, `/sso error ${scheme} ${width}px`)));
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      }
    }
    await page.goto('/sso');
    await expect(page).toHaveURL(/\/sso\?error=missing$/);
    await expect(page.getByTestId('sso-error-message')).toHaveText(/has no token/);
    expect(problems).toEqual([]);
  });
});

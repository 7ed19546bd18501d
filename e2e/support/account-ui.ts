import { expect, type Page } from '@playwright/test';
import type { Credentials } from './accounts';

/** Signs in through the /login form (the page must already be on /login). */
export async function fillSignIn(page: Page, creds: Credentials): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(creds.email);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs out through the header's account menu and waits for the visitor header. */
export async function signOutInUi(page: Page): Promise<void> {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page.getByTestId('sign-in-link')).toBeVisible();
}

/** The header shows this person as signed in. */
export async function expectSignedInAs(page: Page, displayName: string): Promise<void> {
  await expect(page.getByTestId('account-menu')).toHaveAccessibleName(`Account menu for ${displayName}`);
}

/**
 * Axe violations on the current page, as short strings (empty when clean). Sandboxed frames
 * (an email's HTML in the outbox) are left out: they run no scripts by design, so axe cannot
 * run inside them (it waits forever), and what they show is the email, not the app.
 */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page }).exclude('iframe[sandbox]').analyze();
  return results.violations.map((v) => `${label}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ') ?? ''}`);
}

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
  // The menu opens once the page has hydrated; the bell's count arrives only then.
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName(/^Notifications, /);
  await page.getByTestId('account-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page.getByTestId('sign-in-link')).toBeVisible();
}

/** The header shows this person as signed in. */
export async function expectSignedInAs(page: Page, displayName: string): Promise<void> {
  await expect(page.getByTestId('account-menu')).toHaveAccessibleName(`Account menu for ${displayName}`);
}

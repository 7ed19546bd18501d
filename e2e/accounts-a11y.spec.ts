import { axeViolations, axeViolationsInLooks } from './support/axe';
import { expect, test } from './support/fixtures';

const PAGES = [
  ['/login', 'Sign in'],
  ['/signup', 'Create an account'],
  ['/forgot-password', 'Reset your password'],
] as const;

test.describe('account screens: accessibility and small screens', () => {
  test('axe finds no violations in either theme at 360 and 1280 px, also with errors on screen', async ({ guardedPage: page }) => {
    test.setTimeout(90_000);
    const problems: string[] = [];
    for (const [path, heading] of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      problems.push(...(await axeViolationsInLooks(page, path)));
      await page.locator('main form button[type=submit]').first().click();
      await expect(page.locator('[aria-invalid=true]').first()).toBeVisible();
      problems.push(...(await axeViolationsInLooks(page, `${path} with errors`)));
    }
    await page.goto('/signup?invite=' + 'z'.repeat(43));
    problems.push(...(await axeViolationsInLooks(page, '/signup with a dead invitation')));
    await page.goto('/verify-email?token=' + 'z'.repeat(43));
    problems.push(...(await axeViolationsInLooks(page, '/verify-email')));
    expect(problems).toEqual([]);
  });

  test('fit a 360 px wide screen without horizontal scrolling', async ({ guardedPage: page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of [
      '/login',
      '/signup',
      '/forgot-password',
      '/reset-password?token=' + 'a'.repeat(43),
      '/verify-email?token=' + 'a'.repeat(43),
      '/magic-link?token=' + 'a'.repeat(43),
    ]) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${path} overflows`).toBeLessThanOrEqual(
        0,
      );
    }
  });

  test('every field has a label and submit buttons say they are busy while submitting', async ({ guardedPage: page }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill('slow@example.test');
    await page.route('**/api/v1/auth/forgot-password', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    const button = page.getByTestId('forgot-submit');
    await button.click();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toBeDisabled();
    // No SMTP on this server: the answer says nothing was emailed.
    await expect(page.getByTestId('ask-admin')).toBeVisible();
    expect(await axeViolations(page, '/forgot-password answered')).toEqual([]);
  });
});

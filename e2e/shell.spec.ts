import { E2E_ADMIN } from '../playwright.config';
import { expect, test } from './support/fixtures';
import { axeViolationsInLooks } from './support/axe';

// /docs/api is scanned by docs-api.spec.ts, with every example open.
const SHELL_PAGES = ['/', '/privacy', '/no-such-page'];

test.describe('the shell', () => {
  test('has landmarks, a skip link first in tab order, and the workspace name', async ({ guardedPage: page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByTestId('workspace-name')).toHaveText(E2E_ADMIN.workspaceName);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await expect(page.getByRole('link', { name: 'Boards' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Boards', 'Roadmap', 'Changelog']);
  });

  test('axe finds no violations on the shell pages, in either theme at 360 and 1280 px', async ({ guardedPage: page }) => {
    const problems: string[] = [];
    for (const path of SHELL_PAGES) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      problems.push(...(await axeViolationsInLooks(page, path)));
    }
    expect(problems).toEqual([]);
  });

  test('the theme follows the system, and a chosen theme persists across reloads', async ({ guardedPage: page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(true);
    const toggle = page.getByTestId('theme-toggle');
    await expect(toggle).toHaveAccessibleName(/System theme/);
    await toggle.click(); // system → light
    await expect(toggle).toHaveAccessibleName(/Light theme/);
    expect(await isDark()).toBe(false);
    await page.reload();
    expect(await isDark()).toBe(false);
    await expect(page.getByTestId('theme-toggle')).toHaveAccessibleName(/Light theme/);
    await page.getByTestId('theme-toggle').click(); // light → dark
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    expect(await isDark()).toBe(true);
  });

  test('fits a 360 px wide screen without horizontal scrolling', async ({ guardedPage: page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/', '/privacy', '/no-such-page']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} overflows`).toBeLessThanOrEqual(0);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Boards' })).toBeVisible();
      await expect(page.getByTestId('theme-toggle')).toBeVisible();
    }
  });
});

test.describe('error pages are styled like the rest of the product', () => {
  test('404 for an unknown path, inside the shell', async ({ guardedPage: page }) => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Boards' })).toBeVisible();
  });

  test('a visitor asking for the team area is sent to sign in, and comes back after', async ({ guardedPage: page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin$/);
  });

  test('500 without internals', async ({ page }) => {
    const res = await page.goto('/diagnostics/error');
    expect(res?.status()).toBe(500);
    await expect(page.getByTestId('error-500')).toBeVisible();
    expect(await page.content()).not.toContain('secret-internal-detail');
  });
});

test.describe('typography', () => {
  test('Poppins applies through the next/font class, self-hosted, with a metric-adjusted fallback', async ({
    guardedPage: page,
    baseURL,
  }) => {
    // Fonts and styles come from this origin only (analytics, when configured, is another matter).
    const foreign: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      const kind = req.resourceType();
      if ((kind === 'font' || kind === 'stylesheet') && url.origin !== new URL(baseURL!).origin) foreign.push(req.url());
    });
    const fontFiles: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'font') fontFiles.push(res.url());
    });
    await page.goto('/');
    await page.evaluate(() => document.fonts.ready);
    const wrapper = page.locator('#main').locator('xpath=..');
    const className = await wrapper.getAttribute('class');
    expect(className).toMatch(/(^|\s)[\w-]*className[\w-]*(\s|$)/);
    const family = await page.getByRole('heading', { level: 1 }).evaluate((el) => getComputedStyle(el).fontFamily);
    expect(family.toLowerCase()).toContain('poppins');
    expect(family.toLowerCase()).toContain('fallback');
    const loaded = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family));
    expect(loaded.some((f) => /poppins/i.test(f))).toBe(true);
    expect(fontFiles.length).toBeGreaterThan(0);
    for (const url of fontFiles) expect(url).toMatch(/\/_next\/static\/media\/.+\.woff2$/);
    expect(foreign).toEqual([]);
    const fallbackRule = await page.evaluate(() =>
      [...document.styleSheets]
        .flatMap((s) => [...s.cssRules])
        .map((r) => r.cssText)
        .find((t) => t.startsWith('@font-face') && /fallback/i.test(t) && /size-adjust/.test(t)),
    );
    expect(fallbackRule).toBeTruthy();
  });
});

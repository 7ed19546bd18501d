import { axeViolations } from './support/account-ui';
import { expect, test } from './support/fixtures';

test.describe('API reference', () => {
  test('/api/v1/openapi.json is the OpenAPI 3.1 document, as JSON', async ({ request }) => {
    const res = await request.get('/api/v1/openapi.json');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/json');
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/setup', '/api/v1/members/{id}', '/api/v1/openapi.json']));
    // The session cookie is the only credential, and the only one the document offers.
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['cookieAuth']);
    expect(JSON.stringify(doc)).not.toMatch(/bearer|api key/i);
  });

  test('/docs/api lists the endpoints with who may call them, their fields and errors', async ({ guardedPage: page }) => {
    await page.goto('/docs/api');
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    const signIn = page.locator('article', { has: page.getByRole('heading', { name: 'POST /api/v1/auth/sign-in' }) });
    await expect(signIn).toBeVisible();
    await expect(signIn).toContainText('Anyone');
    await expect(signIn).toContainText('password');
    await expect(signIn).toContainText('422 VALIDATION_FAILED');
    const member = page.locator('article', { has: page.getByRole('heading', { name: 'PATCH /api/v1/members/{id}' }) });
    await expect(member).toContainText('Path parameters');
    await expect(page.getByRole('navigation', { name: 'API sections' }).getByRole('link', { name: 'Members' })).toBeVisible();
    expect(await page.getByTestId('api-operation').count()).toBeGreaterThan(20);
    await expect(page.locator('main')).toContainText('authenticated by the session cookie');
    await expect(page.locator('main')).not.toContainText(/bearer|api key/i);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds no violations (${scheme})`, async ({ guardedPage: page }) => {
      // Every operation is on the page: axe takes about 20 s here on a quiet machine.
      test.setTimeout(60_000);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/docs/api');
      await expect(page.locator('h1')).toBeVisible();
      expect(await axeViolations(page, '/docs/api')).toEqual([]);
    });
  }

  test('fits a 360 px wide screen without horizontal scrolling', async ({ guardedPage: page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/docs/api');
    await expect(page.locator('h1')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

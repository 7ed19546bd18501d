import { axeViolationsInLooks } from './support/axe';
import { expect, test } from './support/fixtures';

test.describe('API reference', () => {
  test('/api/v1/openapi.json is the OpenAPI 3.1 document, as JSON', async ({ request }) => {
    const res = await request.get('/api/v1/openapi.json');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/json');
    const doc = (await res.json()) as {
      openapi: string;
      info: { description: string };
      paths: Record<string, Record<string, { security: Record<string, string[]>[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/setup', '/api/v1/members/{id}', '/api/v1/openapi.json']));
    // Two credentials: the session cookie, and an API key as a bearer token where keys may call.
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearerAuth', 'cookieAuth']);
    expect(doc.info.description).toContain('Authorization: Bearer');
    const schemes = (path: string, method: string) => doc.paths[path]![method]!.security.flatMap((s) => Object.keys(s));
    expect(schemes('/api/v1/posts', 'post')).toEqual(['cookieAuth', 'bearerAuth']);
    expect(schemes('/api/v1/admin/webhooks', 'get')).toEqual(['cookieAuth', 'bearerAuth']);
    // Not where keys are refused: a person's own account, and the keys themselves.
    expect(schemes('/api/v1/me', 'get')).toEqual(['cookieAuth']);
    expect(schemes('/api/v1/admin/api-keys', 'post')).toEqual(['cookieAuth']);
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
    await expect(page.locator('main')).toContainText('or by an API key');
    // The document's backticks are drawn as code, not as backticks.
    const intro = page.getByTestId('api-intro');
    await expect(intro.locator('code', { hasText: 'Authorization: Bearer <key>' })).toBeVisible();
    expect(await intro.textContent()).not.toContain('`');
  });

  test('every operation has an example, collapsed until opened: curl line, request and response', async ({ guardedPage: page }) => {
    await page.goto('/docs/api');
    const operations = page.getByTestId('api-operation');
    expect(await page.getByTestId('api-example').count()).toBe(await operations.count());

    const create = page.locator('article', { has: page.getByRole('heading', { name: 'POST /api/v1/posts', exact: true }) });
    const curl = create.getByRole('region', { name: 'curl example: POST /api/v1/posts' });
    await expect(curl).toBeHidden();
    await create.getByText('Example', { exact: true }).click();
    await expect(curl).toBeVisible();
    await expect(curl).toContainText('curl -X POST "$CHORUS_URL/api/v1/posts"');
    await expect(curl).toContainText('Authorization: Bearer $CHORUS_API_KEY');
    await expect(create).toContainText('Send an API key as a bearer token');
    await expect(create.getByRole('region', { name: 'Request example: POST /api/v1/posts' })).toContainText(
      '"title": "Keyboard shortcuts for voting"',
    );
    await expect(create.getByRole('heading', { name: /Response: 201/ })).toBeVisible();
    await expect(create.getByRole('region', { name: 'Response example: POST /api/v1/posts' })).toContainText('"number":');

    // Account endpoints: the cookie flow, and a word that keys do not work there.
    const signIn = page.locator('article', { has: page.getByRole('heading', { name: 'POST /api/v1/auth/sign-in' }) });
    await signIn.getByText('Example', { exact: true }).click();
    const signInCurl = signIn.getByRole('region', { name: 'curl example: POST /api/v1/auth/sign-in' });
    await expect(signInCurl).toContainText('-c cookies.txt');
    await expect(signInCurl).toContainText('Origin: $CHORUS_URL');
    await expect(signInCurl).not.toContainText('Authorization');
    await expect(signIn).toContainText('API keys are not accepted here');

    // A file answer says what it is rather than pretending to be JSON.
    const csv = page.locator('article', { has: page.getByRole('heading', { name: 'GET /api/v1/posts/{number}/votes.csv' }) });
    await csv.getByText('Example', { exact: true }).click();
    await expect(csv.getByRole('heading', { name: /Response: 200 \(text\/csv\)/ })).toBeVisible();
  });

  test('a code block takes keyboard focus and scrolls by itself at 360 px', async ({ guardedPage: page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/docs/api');
    const create = page.locator('article', { has: page.getByRole('heading', { name: 'POST /api/v1/posts', exact: true }) });
    const summary = create.getByText('Example', { exact: true });
    await summary.focus();
    await page.keyboard.press('Enter');
    const curl = create.getByRole('region', { name: 'curl example: POST /api/v1/posts' });
    await expect(curl).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(curl).toBeFocused();
    const before = await curl.evaluate((el) => el.scrollLeft);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => curl.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
    expect(await curl.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test('stays light: the examples do not make the page heavy', async ({ request }) => {
    const html = await (await request.get('/docs/api')).text();
    // Measured 28 Nov 2026: the page data is about 245 kB (the examples 86 kB of it; every operation
    // and parameter has had a description since issue 21), and the whole HTML about 860 kB. The bound
    // catches a runaway (the examples shipped twice would add about 240 kB), not a byte.
    expect(html.length).toBeLessThan(950_000);
  });

  test('axe finds no violations, in either theme', async ({ guardedPage: page }) => {
    // Every operation is on the page: axe takes about 10 s a scan here on a quiet machine.
    test.setTimeout(180_000);
    await page.goto('/docs/api');
    await expect(page.locator('h1')).toBeVisible();
    // With every example open, so that axe checks the code blocks too.
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    const looks = [
      { scheme: 'light', width: 1280 },
      { scheme: 'dark', width: 1280 },
    ] as const;
    expect(await axeViolationsInLooks(page, '/docs/api', { looks })).toEqual([]);
  });

  test('fits a 360 px wide screen without horizontal scrolling', async ({ guardedPage: page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/docs/api');
    await expect(page.locator('h1')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

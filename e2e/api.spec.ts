import { expect, test } from './support/fixtures';

test.describe('/api paths are interface routes', () => {
  test('health answers JSON with the database state and a request id', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/json');
    expect(res.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toMatchObject({ status: 'ok', db: 'ok' });
  });

  for (const path of ['/api/nope', '/api/v1/not/a/route', '/api']) {
    test(`an unknown path ${path} answers a JSON 404, not a page`, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(404);
      expect(res.headers()['content-type']).toContain('application/json');
      const body = await res.json();
      expect(body.error.code).toBe('NOT_FOUND');
      expect(body.error.requestId).toBe(res.headers()['x-request-id']);
    });
  }

  test('a browser opening an unknown /api path gets JSON, never the HTML 404 page', async ({ guardedPage: page }) => {
    const res = await page.goto('/api/does-not-exist');
    expect(res?.status()).toBe(404);
    expect(res?.headers()['content-type']).toContain('application/json');
    expect(await page.locator('h1').count()).toBe(0);
  });

  test('a wrong method answers 405 with Allow', async ({ request }) => {
    const res = await request.delete('/api/health');
    expect(res.status()).toBe(405);
    expect(res.headers()['allow']).toBe('GET, HEAD');
    expect((await res.json()).error.code).toBe('METHOD_NOT_ALLOWED');
  });

  test('an unexpected failure answers INTERNAL without internals', async ({ request }) => {
    const res = await request.get('/api/diagnostics/error');
    expect(res.status()).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret-internal-detail');
    expect(text).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(JSON.parse(text).error).toEqual({
      code: 'INTERNAL',
      message: expect.any(String),
      requestId: res.headers()['x-request-id'],
    });
  });

  test('a cross-origin state-changing request is refused (CSRF)', async ({ request }) => {
    const res = await request.post('/api/nope', {
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      data: {},
    });
    expect(res.status()).toBe(403);
    expect((await res.json()).error.code).toBe('FORBIDDEN');
  });

  test('every response carries the security headers', async ({ request }) => {
    for (const path of ['/', '/api/health']) {
      const h = (await request.get(path)).headers();
      expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(h['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'sha256-/);
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(h['x-powered-by']).toBeUndefined();
    }
  });

  test('each page response has its own CSP nonce, carried by every inline script', async ({ request }) => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await request.get('/privacy');
      const nonce = /'nonce-([^']+)'/.exec(res.headers()['content-security-policy'] ?? '')?.[1];
      expect(nonce).toBeTruthy();
      nonces.push(nonce!);
      const html = await res.text();
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")([^>]*)>/g)];
      expect(inline.length).toBeGreaterThan(0);
      for (const [, attrs] of inline) expect(attrs).toContain(`nonce="${nonce}"`);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

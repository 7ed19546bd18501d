import http from 'node:http';
import type { APIResponse } from '@playwright/test';
import { adminContext } from './support/accounts';
import { expect, test } from './support/fixtures';
import { createBoard } from './support/posts';

/** The catalogue shape of SPEC.md §8, with this response's request id. */
async function expectJsonError(res: APIResponse, status: number, code: string) {
  expect(res.status()).toBe(status);
  expect(res.headers()['content-type']).toMatch(/^application\/json/);
  const body = (await res.json()) as { error: unknown };
  expect(body.error).toMatchObject({ code, message: expect.any(String), requestId: res.headers()['x-request-id'] });
}

test.describe('/api answers JSON even where the framework would not (docs/api.md)', () => {
  for (const path of [
    '/api/v1/posts/%ff',
    '/api/%ff',
    '/api/v1/posts/%ff/votes',
    '/api/v1/boards/%ed%a0%80',
    '/api/v1/posts/%',
    '/api/v1/posts/%zz?q=1',
  ]) {
    test(`a malformed percent-encoding, ${path}, is a JSON 404`, async ({ request }) => {
      await expectJsonError(await request.get(path), 404, 'NOT_FOUND');
      await expectJsonError(await request.fetch(path, { method: 'OPTIONS' }), 404, 'NOT_FOUND');
      const head = await request.head(path);
      expect(head.status()).toBe(404);
      expect(head.headers()['content-type']).toMatch(/^application\/json/);
    });
  }

  const redirects: [string, string][] = [
    ['/api/v1/posts/', '/api/v1/posts'],
    ['/api/health/', '/api/health'],
    ['/api/', '/api'],
    ['/api//health?x=1', '/api/health?x=1'],
  ];
  for (const [path, location] of redirects) {
    test(`${path} redirects to ${location} with a JSON body`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBe(308);
      expect(res.headers()['location']).toBe(location);
      expect(res.headers()['content-type']).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ location });
    });
  }

  test('a redirected request lands on the route', async ({ request }) => {
    const res = await request.get('/api/health/');
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  test('a URL over the size limit is a JSON 413', async ({ request }) => {
    await expectJsonError(await request.get(`/api/v1/posts?q=${'a'.repeat(20_000)}`), 413, 'PAYLOAD_TOO_LARGE');
  });

  test('a request offering a protocol upgrade (curl --http2 sends one) is answered as usual', async ({ baseURL }) => {
    for (const path of ['/api/health', '/api/nope']) {
      const answer = await new Promise<{ status?: number; type?: string }>((resolve, reject) => {
        const req = http.get(
          new URL(path, baseURL),
          { headers: { Connection: 'Upgrade, HTTP2-Settings', Upgrade: 'h2c', 'HTTP2-Settings': 'AAMAAABkAAQAoAAAAAIAAAAA' } },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode, type: res.headers['content-type'] });
          },
        );
        req.on('error', reject);
      });
      expect(answer.status, path).toBe(path === '/api/health' ? 200 : 404);
      expect(answer.type).toMatch(/^application\/json/);
    }
  });

  test('a NUL in the query string is 422 VALIDATION_FAILED naming the field', async ({ request }) => {
    const res = await request.get('/api/v1/posts?q=%00');
    await expectJsonError(res, 422, 'VALIDATION_FAILED');
    expect(Object.keys((await res.json()).error.fields)).toEqual(['query.q']);
  });
});

test.describe('pages never pass a NUL to the database', () => {
  let board: { slug: string; name: string };
  test.beforeAll(async ({ browser, baseURL }) => {
    const admin = await adminContext(browser, baseURL!);
    board = await createBoard(admin.request, baseURL!, 'nul');
    await admin.close();
  });

  test('a board page ignores a query parameter holding a NUL', async ({ guardedPage: page }) => {
    for (const query of ['q=%00', 'status=%00', 'tag=a%00b']) {
      const res = await page.goto(`/b/${board.slug}?${query}`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: board.name })).toBeVisible();
    }
  });

  test('a path segment holding a NUL is the 404 screen', async ({ guardedPage: page, request }) => {
    for (const path of ['/b/%00', '/b/%00/new', '/p/%00', `/b/${board.slug}%00`]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
    const res = await page.goto('/b/%00');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('team pages ignore a NUL in their filters', async ({ browser, baseURL }) => {
    const admin = await adminContext(browser, baseURL!);
    for (const path of ['/admin/members?q=%00', '/admin/outbox?to=%00', '/admin/audit?cursor=%00']) {
      const res = await admin.request.get(path);
      expect(res.status(), path).toBe(200);
    }
    await admin.close();
  });
});

test.describe('redirects are same-origin and ASCII', () => {
  const nexts: [string, string][] = [
    ['/%E3%80%82evil.example', '/%E3%80%82evil.example'],
    ['/.//evil.example', '/'],
    ['/%5Cevil.example', '/'],
    ['/%09/evil.example', '/'],
    ['//evil.example', '/'],
    ['https:evil.example', '/'],
    ['/a%0d%0aSet-Cookie:%20x=1', '/'],
    ['/a%250d%250aSet-Cookie:x', '/a%0d%0aSet-Cookie:x'],
    [`/${'a'.repeat(3000)}`, '/'],
  ];
  for (const [next, location] of nexts) {
    test(`signed in, /login?next=${next.slice(0, 40)} redirects to ${location}`, async ({ browser, baseURL }) => {
      const admin = await adminContext(browser, baseURL!);
      const res = await admin.request.get(`/login?next=${next}`, { maxRedirects: 0 });
      expect(res.status()).toBe(307);
      const target = res.headers()['location']!;
      expect(target).toBe(location);
      expect(new URL(target, baseURL).origin).toBe(new URL(baseURL!).origin);
      await admin.close();
    });
  }

  test('a signed-in browser following /login?next=/%E3%80%82evil.example stays on the site', async ({ browser, baseURL }) => {
    const admin = await adminContext(browser, baseURL!);
    const page = await admin.newPage();
    await page.goto('/login?next=/%E3%80%82evil.example');
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await admin.close();
  });

  test('a visitor sent to sign in from a team page comes back through an ASCII ?next=', async ({ request }) => {
    const res = await request.get('/admin/members?q=caf%C3%A9', { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(res.headers()['location']).toBe('/login?next=%2Fadmin%2Fmembers%3Fq%3Dcaf%25C3%25A9');
  });
});

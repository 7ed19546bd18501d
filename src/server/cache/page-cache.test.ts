import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/db';
import { capturePage, pageCacheKey, serveCachedPage, voteReachOfUrl } from './page-cache';
import { bumpContentGeneration } from './visitor-cache';

const testDb = useTestDatabase();
const onPglite = !process.env.CHORUS_TEST_DATABASE_URL;
let renders = 0;
let server: http.Server;
let base: string;

/** A stand-in for the app server: the same cache calls as src/server/main.ts around a "render". */
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const nonce = `nonce${Math.random().toString(36).slice(2, 12)}`;
    res.setHeader('content-security-policy', `script-src 'nonce-${nonce}'`);
    res.setHeader('x-nonce-sent', nonce);
    const key = pageCacheKey(req, Boolean(req.headers.cookie));
    if (key && serveCachedPage(key, req, res, nonce)) return;
    if (key) capturePage(key, req, res, nonce);
    renders += 1;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.statusCode = req.url?.includes('missing') ? 404 : 200;
    res.write(`<html><script nonce="${nonce}">1</script>`);
    res.end(`<p>render ${renders}</p><script nonce="${nonce}">2</script></html>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(base + path, { headers });
  return { text: await res.text(), nonce: res.headers.get('x-nonce-sent')!, status: res.status };
};

describe('the page cache', () => {
  it('caches only GET pages of /, boards and posts, and the post list API, without credentials', () => {
    const req = (method: string, url: string, headers: http.IncomingHttpHeaders = {}) => ({ method, url, headers }) as http.IncomingMessage;
    const expected = testDb.handle.exclusive;
    expect(pageCacheKey(req('GET', '/'), false) !== null).toBe(expected);
    expect(pageCacheKey(req('GET', '/b/feature-requests?sort=top'), false) !== null).toBe(expected);
    expect(pageCacheKey(req('GET', '/p/42-dark-mode'), false) !== null).toBe(expected);
    expect(pageCacheKey(req('GET', '/api/v1/posts?q=dark+mode'), false) !== null).toBe(expected);
    expect(pageCacheKey(req('GET', '/p/42'), true)).toBeNull();
    expect(pageCacheKey(req('GET', '/api/v1/posts', { authorization: 'Bearer x' }), false)).toBeNull();
    expect(pageCacheKey(req('POST', '/'), false)).toBeNull();
    for (const url of [
      '/admin/boards',
      '/settings',
      '/b/x/new',
      '/api/v1/posts/similar?title=x',
      '/api/v1/posts/1',
      '/_next/data/x/index.json',
      '/login',
    ])
      expect(pageCacheKey(req('GET', url), false)).toBeNull();
  });

  it.runIf(onPglite)('serves a repeat visit from the copy with this response’s own nonce, until the content changes', async () => {
    const first = await get('/p/1');
    const second = await get('/p/1');
    expect(second.text).toBe(first.text.replaceAll(first.nonce, second.nonce));
    expect(second.text).toContain(`nonce="${second.nonce}"`);
    expect(second.text).not.toContain(first.nonce);
    const zipped = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}/p/1`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(parts) }));
        })
        .on('error', reject);
    });
    expect(zipped.encoding).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toContain('render 1');

    bumpContentGeneration();
    expect((await get('/p/1')).text).toContain('render 2');
  });

  it.runIf(onPglite)('never keeps error pages or pages of signed-in people', async () => {
    await get('/p/2-missing');
    expect((await get('/p/2-missing')).text).not.toBe('');
    const before = renders;
    await get('/p/2-missing');
    expect(renders).toBe(before + 1);
    await get('/p/3', { cookie: 'chorus_session=abc' });
    await get('/p/3', { cookie: 'chorus_session=abc' });
    expect(renders).toBe(before + 3);
  });

  it.runIf(onPglite)('keeps a copy per language, so a German copy never reaches a French reader', async () => {
    const german = await get('/b/lang', { 'accept-language': 'de-DE,de;q=0.9' });
    const before = renders;
    // Another way of asking for German is served the German copy.
    expect((await get('/b/lang', { 'accept-language': 'de;q=1, en;q=0.5' })).text).toContain(german.text.match(/render \d+/)![0]);
    expect(renders).toBe(before);
    // French is rendered for itself, and so is a browser asking for none of ours (the workspace default).
    expect((await get('/b/lang', { 'accept-language': 'fr' })).text).not.toContain(german.text.match(/render \d+/)![0]);
    expect(renders).toBe(before + 1);
    await get('/b/lang', { 'accept-language': 'it' });
    expect(renders).toBe(before + 2);
  });

  it.runIf(onPglite)('keys pages by the language picked in this browser, then Accept-Language', () => {
    const req = (headers: http.IncomingHttpHeaders) => ({ method: 'GET', url: '/', headers }) as http.IncomingMessage;
    expect(pageCacheKey(req({ 'accept-language': 'ja' }), false)).toBe('ja|/');
    expect(pageCacheKey(req({ 'accept-language': 'ja', cookie: 'chorus_locale=ar' }), false)).toBe('ar|/');
    expect(pageCacheKey(req({ cookie: 'chorus_locale=zz' }), false)).toBe('-|/');
    // The post list API answers JSON without words of ours: one copy for everyone.
    expect(pageCacheKey({ method: 'GET', url: '/api/v1/posts', headers: { 'accept-language': 'ja' } } as http.IncomingMessage, false)).toBe(
      '/api/v1/posts',
    );
  });
});

describe('which votes a cached answer shows, from its URL', () => {
  it('a board page and one board’s list: that board; a post page: that post; the rest: any post', () => {
    expect(voteReachOfUrl('/b/ideas?sort=top')).toEqual({ board: 'ideas' });
    expect(voteReachOfUrl('/p/42-dark-mode')).toEqual({ post: 42 });
    expect(voteReachOfUrl('/p/42')).toEqual({ post: 42 });
    expect(voteReachOfUrl('/api/v1/posts?board=bugs&limit=5')).toEqual({ board: 'bugs' });
    for (const url of ['/', '/?closed=show', '/api/v1/posts', '/api/v1/posts?q=export']) expect(voteReachOfUrl(url)).toBe('any');
  });
});

/**
 * /widget.js: the loader as built for production (scripts/build-server.mjs), within its size
 * budget, served as JavaScript with a cache policy and revalidated by its ETag.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWidgetScript, widgetScriptOf, WIDGET_SCRIPT_CACHE_CONTROL, type WidgetScript } from './widget-script';

let script: WidgetScript;
let server: http.Server;
let base: string;

beforeAll(async () => {
  // @ts-expect-error -- a plain .mjs build script without types
  const { buildWidgetLoader } = (await import('../../../scripts/build-server.mjs')) as {
    buildWidgetLoader: (o: { write: boolean }) => Promise<string>;
  };
  script = widgetScriptOf(Buffer.from(await buildWidgetLoader({ write: false })));
  server = http.createServer((req, res) => serveWidgetScript(req, res, req.url === '/missing' ? null : script));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A raw GET (fetch would ask for and undo compression by itself): status, headers and the bytes as sent. */
function rawGet(headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/widget.js`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('/widget.js', () => {
  it('is at most 10 kB gzipped, one self-contained script that defines Chorus', () => {
    expect(gzipSync(script.body, { level: 9 }).length).toBeLessThanOrEqual(10_000);
    const text = script.body.toString('utf8');
    expect(text).not.toMatch(/^\s*(import|export)\s/m);
    expect(text).toContain('Chorus');
    // Every message goes to an explicit origin: never '*'.
    expect(text).not.toMatch(/postMessage\([^)]*["']\*["']\)/);
  });

  it('is served as JavaScript, cacheable for a few minutes, and answers 304 to its ETag', async () => {
    const res = await fetch(`${base}/widget.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe(WIDGET_SCRIPT_CACHE_CONTROL);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(script.body);
    const again = await fetch(`${base}/widget.js`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await fetch(`${base}/widget.js`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${base}/missing`)).status).toBe(404);
  });

  it('is sent compressed to clients that accept it (brotli first, then gzip), varying by Accept-Encoding', async () => {
    const br = await rawGet({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body)).toEqual(script.body);
    expect(br.body.length).toBeLessThan(script.body.length / 2);

    const gz = await rawGet({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(gz.body)).toEqual(script.body);
    expect((await rawGet({ 'accept-encoding': 'br;q=0, gzip;q=0.5' })).headers['content-encoding']).toBe('gzip');

    const uncompressed: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }];
    for (const none of uncompressed) {
      const plain = await rawGet(none);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.body).toEqual(script.body);
    }
    // Each encoding is its own representation: its own ETag, and a 304 for it.
    expect(new Set([br.headers.etag, gz.headers.etag, (await rawGet({})).headers.etag]).size).toBe(3);
    const revalidated = await rawGet({ 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
    expect([revalidated.status, revalidated.headers.vary]).toEqual([304, 'Accept-Encoding']);
  });
});

/** One attempt's refusals at connect time: never a throw, always a logged failure. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRICT_POLICY } from '@/server/net/ssrf';
import { sendWebhook, signatureHeader } from './send';

let server: http.Server;
let port: number;
let hits = 0;
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits++;
    res.end('reached');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const request = (url: string) => ({ url, body: '{}', secret: 'whsec_x', eventType: 'webhook.test', deliveryId: 'd', eventId: 'e' });

describe('sendWebhook refusals', () => {
  it('refuses a non-public IP literal, a rebound name and plain http, without reaching the receiver', async () => {
    const policy = { ...STRICT_POLICY, allowHttp: true };
    expect(await sendWebhook(request(`http://127.0.0.1:${port}/`), { policy })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/loopback/),
    });
    expect(await sendWebhook(request(`http://[::ffff:7f00:1]:${port}/`), { policy })).toMatchObject({ ok: false });
    // A name that resolved to a public address when saved, and to loopback now (DNS rebinding).
    const rebound = await sendWebhook(request(`http://hooks.example:${port}/`), { policy, resolve: async () => ['127.0.0.1'] });
    expect(rebound).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/refused to connect to 127\.0\.0\.1/) });
    expect(await sendWebhook(request(`http://hooks.example:${port}/`), { policy: STRICT_POLICY })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/http: URLs are not allowed/),
    });
    expect(await sendWebhook(request('not a url'), { policy })).toMatchObject({ ok: false, error: 'The URL is not valid.' });
    expect(hits).toBe(0);
  });

  it('refuses a saved URL whose host is an IPv6 address with an IPv4 one inside, or a name that resolves to one', async () => {
    const policy = { ...STRICT_POLICY, allowHttp: true };
    for (const url of [`http://[::7f00:1]:${port}/`, `https://[::a9fe:a9fe]/latest/meta-data/`, `http://[64:ff9b::7f00:1]:${port}/`]) {
      expect(await sendWebhook(request(url), { policy }), url).toMatchObject({
        ok: false,
        statusCode: null,
        error: expect.stringMatching(/^Refused to connect: .*IPv4 address inside/),
      });
    }
    const rebound = await sendWebhook(request(`http://hooks.example:${port}/`), { policy, resolve: async () => ['::7f00:1'] });
    expect(rebound).toMatchObject({ ok: false, error: expect.stringMatching(/refused to connect to ::7f00:1.*IPv4-compatible/) });
    expect(hits).toBe(0);
  });

  it('signs "<t>.<body>" with HMAC-SHA256 (a fixed vector)', () => {
    expect(signatureHeader('secret', '{"a":1}', 1700000000)).toBe(
      't=1700000000,v1=49f24e537407743fa4a0242bb63b94b9a47ee99cbbe071ccd8a22550ae411686',
    );
  });
});

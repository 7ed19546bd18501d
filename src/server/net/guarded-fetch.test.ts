import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BODY_LIMIT, guardedFetch } from './guarded-fetch';
import { parseAllowList, STRICT_POLICY, type OutboundPolicy } from './ssrf';

let server: http.Server;
let port: number;
let arrived: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      arrived.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url === '/redirect') return res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      if (req.url === '/huge') return res.end(Buffer.alloc(BODY_LIMIT + 1));
      if (req.url === '/slow') return setTimeout(() => res.end('late'), 2000);
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  arrived = [];
});

const loopbackAllowed: OutboundPolicy = { ...parseAllowList('127.0.0.1'), allowHttp: true };
const httpOnly: OutboundPolicy = { ...STRICT_POLICY, allowHttp: true };

describe('guardedFetch', () => {
  it('answers a Response as fetch does, sending the method, headers and a form body', async () => {
    const res = await guardedFetch(loopbackAllowed)(`http://127.0.0.1:${port}/token`, {
      method: 'POST',
      headers: new Headers({ authorization: 'Basic eDp5' }),
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'c' }),
    });
    expect(res).toBeInstanceOf(Response);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await res.json()).toEqual({ ok: true });
    expect(arrived).toMatchObject([
      {
        method: 'POST',
        url: '/token',
        headers: { authorization: 'Basic eDp5', 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
        body: 'grant_type=authorization_code&code=c',
      },
    ]);
  });

  it('refuses an internal IP literal, and a name that resolves inside, without reaching it', async () => {
    const fetch = guardedFetch(httpOnly, async () => ['::7f00:1']);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow(/refused to connect to 127\.0\.0\.1: .*loopback/);
    await expect(fetch(`http://[::a9fe:a9fe]:${port}/`)).rejects.toThrow(/IPv4-compatible/);
    await expect(fetch(`http://idp.example:${port}/`)).rejects.toThrow(/refused to connect to ::7f00:1/);
    await expect(guardedFetch(httpOnly, async () => ['127.0.0.1'])(`http://idp.example:${port}/`)).rejects.toThrow(/loopback/);
    await expect(guardedFetch(httpOnly)(`http://localhost:${port}/`)).rejects.toThrow(/loopback/);
    expect(arrived).toEqual([]);
  });

  it('refuses plain http unless the policy allows it', async () => {
    await expect(guardedFetch({ ...loopbackAllowed, allowHttp: false })(`http://127.0.0.1:${port}/`)).rejects.toThrow(/http: URLs/);
    expect(arrived).toEqual([]);
  });

  it('does not follow a redirect', async () => {
    const res = await guardedFetch(loopbackAllowed)(`http://127.0.0.1:${port}/redirect`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://169.254.169.254/');
    expect(arrived).toHaveLength(1);
  });

  it('stops at the size limit, and when the signal aborts', async () => {
    await expect(guardedFetch(loopbackAllowed)(`http://127.0.0.1:${port}/huge`)).rejects.toThrow(/larger than/);
    // The answer comes after 2 s: only an abort rejects before it.
    await expect(guardedFetch(loopbackAllowed)(`http://127.0.0.1:${port}/slow`, { signal: AbortSignal.timeout(100) })).rejects.toThrow(
      /timeout|aborted/i,
    );
  });
});

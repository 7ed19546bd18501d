import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressRefusal,
  guardedLookup,
  literalRefusal,
  parseAllowList,
  STRICT_POLICY,
  urlRefusal,
  type OutboundPolicy,
  type Resolver,
} from './ssrf';

const publicResolver: Resolver = async () => ['93.184.216.34'];

describe('urlRefusal (save time)', () => {
  it.each([
    ['https://127.0.0.1/hook', 'loopback'],
    ['https://[::1]/hook', 'loopback'],
    ['https://169.254.169.254/latest/meta-data', 'cloud metadata'],
    ['https://[fd00:ec2::254]/', 'cloud metadata'],
    ['https://10.1.2.3/hook', 'private'],
    ['https://192.168.0.10/hook', 'private'],
    ['https://172.16.5.4/hook', 'private'],
    ['https://100.64.0.1/hook', 'carrier-grade NAT'],
    ['https://[::ffff:127.0.0.1]/hook', 'IPv4-mapped'],
    ['https://[::ffff:7f00:1]/hook', 'IPv4-mapped'],
    ['https://[64:ff9b::7f00:1]/hook', 'NAT64'],
    ['https://2130706433/hook', 'loopback'],
    ['https://0177.0.0.1/hook', 'loopback'],
    ['https://0x7f.1/hook', 'loopback'],
    ['https://[fe80::1]/hook', 'link-local'],
    ['https://[fc00::1]/hook', 'unique local'],
    ['https://224.0.0.1/hook', 'multicast'],
    ['https://0.0.0.0/hook', 'unspecified'],
    ['https://255.255.255.255/hook', 'broadcast'],
    ['https://240.0.0.1/hook', 'reserved'],
  ])('refuses %s (%s)', async (url, why) => {
    const refusal = await urlRefusal(url, STRICT_POLICY, publicResolver);
    expect(refusal).toMatch(/refused/);
    expect(refusal).toContain(why);
  });

  it('refuses a host name that resolves to loopback (the real resolver: localhost)', async () => {
    expect(await urlRefusal('https://localhost/hook', STRICT_POLICY)).toMatch(/resolves to (127\.0\.0\.1|::1).*loopback/);
  });

  it('refuses a host name when any one of its addresses is not public (a stub resolver)', async () => {
    const mixed: Resolver = async () => ['93.184.216.34', '10.0.0.7'];
    expect(await urlRefusal('https://hooks.example.com/x', STRICT_POLICY, mixed)).toMatch(/10\.0\.0\.7.*private/);
  });

  // IPv6 addresses that carry an IPv4 address inside them are refused whatever that address is.
  it.each([
    ['https://[::a9fe:a9fe]/latest/meta-data/', 'IPv4-compatible'], // 169.254.169.254
    ['https://[::a00:1]/hook', 'IPv4-compatible'], // 10.0.0.1
    ['https://[::127.0.0.1]/hook', 'IPv4-compatible'], // the URL parser writes it ::7f00:1
    ['https://[::808:808]/hook', 'IPv4-compatible'], // 8.8.8.8: public, refused all the same
    ['https://[::ffff:a00:1]/hook', 'IPv4-mapped'],
    ['https://[::ffff:808:808]/hook', 'IPv4-mapped'],
    ['https://[::ffff:0:a00:1]/hook', 'IPv4-translated'],
    ['https://[64:ff9b::a9fe:a9fe]/hook', 'NAT64'],
    ['https://[64:ff9b::808:808]/hook', 'NAT64'],
    ['https://[64:ff9b:1::a00:1]/hook', 'NAT64'],
    ['https://[64:ff9b:1:ffff::1]/hook', 'NAT64'],
    ['https://[2002:a9fe:a9fe::1]/hook', '6to4'],
    ['https://[2002:808:808::1]/hook', '6to4'],
    ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook', 'Teredo'],
    ['https://[2001:0:ffff::1]/hook', 'Teredo'],
  ])('refuses %s, an IPv6 address with an IPv4 one inside (%s)', async (url, why) => {
    const refusal = await urlRefusal(url, STRICT_POLICY, publicResolver);
    expect(refusal).toMatch(/refused/);
    expect(refusal).toContain(why);
  });

  it('refuses a host name that resolves to an IPv4-compatible IPv6 address', async () => {
    const compatible: Resolver = async () => ['::a9fe:a9fe'];
    expect(await urlRefusal('https://hooks.example.com/x', STRICT_POLICY, compatible)).toMatch(/::a9fe:a9fe.*IPv4-compatible/);
  });

  it('does not let an allowed IPv4 range cover the IPv4-compatible spelling (only the mapped one)', async () => {
    const policy: OutboundPolicy = { ...STRICT_POLICY, ...parseAllowList('127.0.0.1') };
    expect(await urlRefusal('https://[::127.0.0.1]/x', policy)).toMatch(/IPv4-compatible/);
    expect(await urlRefusal('https://[::ffff:127.0.0.1]/x', policy)).toBeNull();
  });

  it('accepts a public https URL, and refuses http unless allowed', async () => {
    expect(await urlRefusal('https://hooks.example.com/x', STRICT_POLICY, publicResolver)).toBeNull();
    expect(await urlRefusal('http://hooks.example.com/x', STRICT_POLICY, publicResolver)).toMatch(/https:\/\//);
    expect(await urlRefusal('http://hooks.example.com/x', { ...STRICT_POLICY, allowHttp: true }, publicResolver)).toBeNull();
    expect(await urlRefusal('ftp://hooks.example.com/x', STRICT_POLICY, publicResolver)).toMatch(/https:\/\//);
    expect(await urlRefusal('https://user:pw@hooks.example.com/x', STRICT_POLICY, publicResolver)).toMatch(/user name/);
    expect(await urlRefusal('not a url', STRICT_POLICY, publicResolver)).toMatch(/full URL/);
  });

  it('lets the operator allow internal targets by host name or CIDR', async () => {
    const policy: OutboundPolicy = { ...STRICT_POLICY, ...parseAllowList('hooks.internal, 10.0.0.0/8, 127.0.0.1') };
    const internal: Resolver = async () => ['10.2.3.4'];
    expect(await urlRefusal('https://hooks.internal/x', policy, async () => ['192.168.1.1'])).toBeNull();
    expect(await urlRefusal('https://other.internal/x', policy, internal)).toBeNull();
    expect(await urlRefusal('https://127.0.0.1:8080/x', policy)).toBeNull();
    expect(await urlRefusal('https://[::ffff:127.0.0.1]/x', policy)).toBeNull();
    expect(await urlRefusal('https://127.0.0.2/x', policy)).toMatch(/loopback/);
    expect(await urlRefusal('https://169.254.169.254/x', policy)).toMatch(/metadata/);
  });
});

describe('addressRefusal', () => {
  it('passes public unicast addresses only', () => {
    expect(addressRefusal('8.8.8.8', STRICT_POLICY)).toBeNull();
    expect(addressRefusal('2606:4700::1', STRICT_POLICY)).toBeNull();
    expect(addressRefusal('2002:7f00:1::', STRICT_POLICY)).toMatch(/6to4/);
    expect(addressRefusal('::', STRICT_POLICY)).toMatch(/unspecified/);
    expect(addressRefusal('::1', STRICT_POLICY)).toMatch(/loopback/);
  });

  it('refuses every IPv6 range that embeds an IPv4 address, at its first and last address', () => {
    for (const [first, last] of [
      ['::2', '::ffff:ffff'],
      ['::ffff:0:0', '::ffff:ffff:ffff'],
      ['::ffff:0:0:0', '::ffff:0:ffff:ffff'],
      ['64:ff9b::', '64:ff9b::ffff:ffff'],
      ['64:ff9b:1::', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff'],
      ['2002::', '2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
      ['2001::', '2001:0:ffff:ffff:ffff:ffff:ffff:ffff'],
    ])
      for (const address of [first!, last!]) expect(addressRefusal(address, STRICT_POLICY), address).not.toBeNull();
    // Their neighbours are ordinary addresses.
    expect(addressRefusal('2001:1::1', STRICT_POLICY)).not.toMatch(/Teredo/);
    expect(addressRefusal('2003::1', STRICT_POLICY)).toBeNull();
    expect(addressRefusal('64:ff9b:2::1', STRICT_POLICY)).toBeNull();
  });
});

describe('guardedLookup (connect time)', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (url: string, lookup: ReturnType<typeof guardedLookup>) =>
    new Promise<string>((resolve, reject) => {
      const req = http.get(url, { lookup, agent: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
    });

  it('refuses to connect when the name now resolves to loopback (DNS rebinding), and the request never arrives', async () => {
    // Saved while it resolved to a public address; at connect time it answers 127.0.0.1.
    let answer = ['93.184.216.34'];
    const rebinding: Resolver = async () => answer;
    expect(await urlRefusal(`https://rebind.example/x`, STRICT_POLICY, rebinding)).toBeNull();
    answer = ['127.0.0.1'];
    await expect(get(`http://rebind.example:${port}/`, guardedLookup(STRICT_POLICY, rebinding))).rejects.toThrow(
      /refused to connect to 127\.0\.0\.1/,
    );
  });

  it('refuses to connect when the name resolves to an IPv4-compatible IPv6 address', async () => {
    await expect(
      get(
        `http://compat.example:${port}/`,
        guardedLookup(STRICT_POLICY, async () => ['::7f00:1']),
      ),
    ).rejects.toThrow(/refused to connect to ::7f00:1.*IPv4-compatible/);
  });

  it('refuses an IPv4-compatible IP literal before connecting (sockets skip lookup for literals)', () => {
    expect(literalRefusal(new URL('https://[::a9fe:a9fe]/latest/meta-data/'), STRICT_POLICY)).toMatch(/IPv4-compatible/);
    expect(literalRefusal(new URL('https://[64:ff9b:1::a00:1]/'), STRICT_POLICY)).toMatch(/NAT64/);
  });

  it('connects through the allowlist to the very address it checked', async () => {
    const policy = { ...STRICT_POLICY, ...parseAllowList('127.0.0.1/32') };
    expect(
      await get(
        `http://receiver.test:${port}/`,
        guardedLookup(policy, async () => ['127.0.0.1']),
      ),
    ).toBe('reached');
  });
});

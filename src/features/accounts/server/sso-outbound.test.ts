/**
 * The OpenID Connect issuer is a URL an admin types, and every visitor's "Sign in with…" makes the
 * server fetch it: it goes through the same outbound guard as webhooks (src/server/net/ssrf.ts),
 * when it is saved and on every connection. No CHORUS_SSO_ALLOW_HOSTS here: nothing internal may be
 * reached, not even the trap on 127.0.0.1 that counts what arrives.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.CHORUS_SECRET_KEY = 'ab'.repeat(32);
  delete process.env.CHORUS_SSO_ALLOW_HOSTS;
});

import { seal } from '@/server/crypto/secret-box';
import { db } from '@/server/db/client';
import { rateLimits, ssoProviders } from '@/server/db/schema';
import { createTestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { forgetSsoConfiguration, secretContext } from './sso-client';
import { adminSsoProviderRoute, ssoStartRoute } from './sso-handlers';
import { upsertSsoProvider } from './sso-queries';

useTestDatabase();

let trap: http.Server;
let trapPort: number;
let hits: string[] = [];

beforeAll(async () => {
  trap = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  trapPort = (trap.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => trap.close(() => resolve())));
beforeEach(async () => {
  hits = [];
  await db().delete(rateLimits);
  await db().delete(ssoProviders);
  forgetSsoConfiguration('oidc');
});

describe('the OpenID Connect issuer', () => {
  it('is refused when saved if it points inside the network, on its field, with a reason for the page', async () => {
    const admin = await createTestActor('admin');
    for (const issuer of [
      'https://10.0.0.1',
      'https://169.254.169.254',
      'https://[fd00:ec2::254]',
      'https://[::a9fe:a9fe]',
      `http://127.0.0.1:${trapPort}`,
      `http://localhost:${trapPort}/realms/staff`,
    ]) {
      const res = await callRoute(adminSsoProviderRoute, {
        method: 'PUT',
        params: { provider: 'oidc' },
        body: { label: 'Corp', issuer, clientId: 'c', clientSecret: 's' },
        as: admin,
      });
      expect(res.status, issuer).toBe(422);
      expect(res.json.error?.fields?.issuer, issuer).toMatch(/refused/);
      expect(res.json.error?.reason, issuer).toBe('ssoIssuerNonPublic');
    }
    expect(await db().select().from(ssoProviders)).toEqual([]);
    expect(hits).toEqual([]);
  });

  it('is not fetched when a stored one points inside the network: the visitor gets 503 and nothing arrives', async () => {
    // As a row saved before the check existed, or while the operator still allowed the host.
    for (const issuer of [`http://127.0.0.1:${trapPort}`, `http://localhost:${trapPort}`]) {
      await upsertSsoProvider(db(), {
        id: 'oidc',
        label: 'Corp',
        issuer,
        clientId: 'c',
        clientSecretSealed: seal('s', secretContext('oidc')),
        scopes: 'openid email',
        enabled: true,
      });
      forgetSsoConfiguration('oidc');
      const res = await callRoute(ssoStartRoute, { method: 'POST', params: { provider: 'oidc' }, body: {} });
      expect(res.status, issuer).toBe(503);
      expect(res.json.error?.code, issuer).toBe('UNAVAILABLE');
    }
    expect(hits).toEqual([]);
  });
});

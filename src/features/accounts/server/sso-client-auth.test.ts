/**
 * How the client authenticates at the token endpoint: the round trip against a real OpenID
 * provider (oidc-provider, on loopback) that accepts client_secret_basic only, as some providers
 * insist. sso-flow.test.ts runs the same round trip against one that registers client_secret_post.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.CHORUS_SECRET_KEY = 'ce'.repeat(32);
  process.env.CHORUS_SSO_ALLOW_HOSTS = '127.0.0.1';
});

// The real outbound guard, recording each URL the client fetches through it.
const fetched = vi.hoisted(() => [] as string[]);
vi.mock('@/server/net/guarded-fetch', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/server/net/guarded-fetch')>();
  return {
    ...real,
    guardedFetch: (...args: Parameters<typeof real.guardedFetch>) => {
      const guarded = real.guardedFetch(...args);
      return (url: string | URL, init?: Parameters<typeof guarded>[1]) => {
        fetched.push(new URL(url).pathname);
        return guarded(url, init);
      };
    },
  };
});

import { db } from '@/server/db/client';
import { ssoIdentities, users } from '@/server/db/schema';
import { createTestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { authorizeAs, startOidcProvider, type TestProvider } from '../../../../e2e/support/oidc-provider';
import { secretMethodFor, ssoRedirectUri } from './sso-client';
import { finishSsoSignIn, startSsoSignIn } from './sso-flow';
import { saveSsoProvider } from './sso-service';

useTestDatabase();

let idp: TestProvider;

beforeAll(async () => {
  idp = await startOidcProvider(0, ssoRedirectUri('oidc'), { tokenAuth: 'only client_secret_basic' });
  await saveSsoProvider(
    await createTestActor('admin'),
    'oidc',
    { label: 'Corp', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, enabled: true },
    '127.0.0.1',
  );
});
afterAll(async () => {
  await idp?.close();
});

describe('a provider that accepts client_secret_basic only', () => {
  it('signs the person in: the client sends its secret in the Authorization header', async () => {
    const started = new ServerResponse(new IncomingMessage(new Socket()));
    const url = await startSsoSignIn('oidc', '/', started);
    const cookie = [started.getHeader('set-cookie') ?? []]
      .flat()
      .map(String)
      .find((c) => c.startsWith('chorus_sso_flow='))!
      .split(';')[0]!;
    const back = await authorizeAs(url, 'basic.auth@corp.test');
    expect(back.searchParams.get('code')).toBeTruthy();
    const req = new IncomingMessage(new Socket());
    req.headers.cookie = cookie;
    const done = finishSsoSignIn('oidc', { req, res: new ServerResponse(req), ip: '198.51.100.9', params: back.searchParams });
    expect(await done).toEqual({ next: '/' });
    // Discovery, the token request and the provider's keys all went through the outbound guard.
    expect(fetched).toEqual(expect.arrayContaining(['/.well-known/openid-configuration', '/token', '/jwks']));
    const [user] = await db().select().from(users).where(eq(users.email, 'basic.auth@corp.test'));
    expect(await db().select().from(ssoIdentities).where(eq(ssoIdentities.userId, user!.id))).toMatchObject([
      { provider: 'oidc', subject: 'basic.auth@corp.test' },
    ]);
  });
});

describe('the method chosen from discovery', () => {
  it('keeps the body where the provider lists client_secret_post, and uses Basic otherwise or when it lists nothing', () => {
    const method = (supported?: string[]) => secretMethodFor({ token_endpoint_auth_methods_supported: supported });
    expect(method(['client_secret_basic', 'client_secret_post'])).toBe('client_secret_post');
    expect(method(['client_secret_post'])).toBe('client_secret_post');
    expect(method(['client_secret_basic'])).toBe('client_secret_basic');
    expect(method(['private_key_jwt', 'client_secret_basic'])).toBe('client_secret_basic');
    // OpenID Connect Discovery: "If omitted, the default is client_secret_basic".
    expect(method(undefined)).toBe('client_secret_basic');
  });
});

/**
 * The whole round trip against a real OpenID provider (oidc-provider, on loopback), without a
 * browser: start, sign in at the provider, come back. The browser version is e2e/sso.spec.ts.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.CHORUS_SECRET_KEY = 'ef'.repeat(32);
  // The provider on loopback is internal: the operator allows it, as for the e2e suite.
  process.env.CHORUS_SSO_ALLOW_HOSTS = '127.0.0.1';
});

import { db } from '@/server/db/client';
import { rateLimits, sessions, ssoIdentities, users, workspaceSettings } from '@/server/db/schema';
import { createTestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { authorizeAs, startOidcProvider, type TestProvider } from '../../../../e2e/support/oidc-provider';
import { SsoProblem } from './sso-accounts';
import { ssoRedirectUri } from './sso-client';
import { finishSsoSignIn, startSsoSignIn } from './sso-flow';
import { saveSsoProvider } from './sso-service';

useTestDatabase();

let idp: TestProvider;

beforeAll(async () => {
  idp = await startOidcProvider(0, ssoRedirectUri('oidc'));
});
afterAll(async () => {
  await idp?.close();
});
beforeEach(async () => {
  await db().delete(rateLimits);
  const admin = await createTestActor('admin');
  await saveSsoProvider(
    admin,
    'oidc',
    { label: 'Corp', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, enabled: true },
    '127.0.0.1',
  );
});

const response = () => new ServerResponse(new IncomingMessage(new Socket()));
const cookiesOf = (res: ServerResponse) => [res.getHeader('set-cookie') ?? []].flat().map(String);

/** Starts a sign-in, signs in at the provider as `login`, and answers the browser's cookie and the returned parameters. */
async function roundTrip(login: string) {
  const started = response();
  const url = await startSsoSignIn('oidc', '/roadmap', started);
  const cookie = cookiesOf(started)
    .find((c) => c.startsWith('chorus_sso_flow='))!
    .split(';')[0]!;
  const back = await authorizeAs(url, login);
  expect(back.href.startsWith(ssoRedirectUri('oidc'))).toBe(true);
  return { cookie, params: back.searchParams };
}

function finish(cookie: string, params: URLSearchParams) {
  const req = new IncomingMessage(new Socket());
  req.headers.cookie = cookie;
  const res = response();
  return { res, done: finishSsoSignIn('oidc', { req, res, ip: '198.51.100.7', params }) };
}

const failureOf = async (work: Promise<unknown>) => {
  try {
    await work;
    return 'signed-in';
  } catch (err) {
    if (err instanceof SsoProblem) return err.failure;
    throw err;
  }
};

describe('signing in through a real OpenID provider', () => {
  it('signs a new person in, with a verified account and a session, and goes to `next`', async () => {
    const { cookie, params } = await roundTrip('grace.hopper@corp.test');
    expect(params.get('code')).toBeTruthy();
    expect(params.get('iss')).toBe(idp.issuer);
    const { res, done } = finish(cookie, params);
    expect(await done).toEqual({ next: '/roadmap' });
    expect(cookiesOf(res).some((c) => c.startsWith('chorus_session='))).toBe(true);
    const [user] = await db().select().from(users).where(eq(users.email, 'grace.hopper@corp.test'));
    expect(user).toMatchObject({ displayName: 'grace hopper', passwordHash: null });
    expect(user!.emailVerifiedAt).not.toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(1);
    expect(await db().select().from(ssoIdentities).where(eq(ssoIdentities.userId, user!.id))).toMatchObject([
      { provider: 'oidc', subject: 'grace.hopper@corp.test' },
    ]);
  });

  it('refuses a state that is not the one this browser started with', async () => {
    const { cookie, params } = await roundTrip('state.case@corp.test');
    params.set('state', 'forged');
    expect(await failureOf(finish(cookie, params).done)).toBe('state');
    expect(await db().select().from(users).where(eq(users.email, 'state.case@corp.test'))).toHaveLength(0);
  });

  it('uses a round trip once: the same answer cannot sign in twice', async () => {
    const { cookie, params } = await roundTrip('twice@corp.test');
    expect(await failureOf(finish(cookie, params).done)).toBe('signed-in');
    expect(await failureOf(finish(cookie, params).done)).toBe('state');
  });

  it('refuses an expired authorization code', async () => {
    idp.setCodeTtl(1);
    try {
      const { cookie, params } = await roundTrip('slow@corp.test');
      await new Promise((r) => setTimeout(r, 2100));
      expect(await failureOf(finish(cookie, params).done)).toBe('provider');
    } finally {
      idp.setCodeTtl(60);
    }
  });

  it('never lets an unverified address take over the account that uses it', async () => {
    const member = await createTestActor('member', { email: 'taken@corp.test' });
    const { cookie, params } = await roundTrip('unverified:taken@corp.test');
    expect(await failureOf(finish(cookie, params).done)).toBe('unverified');
    expect(await db().select().from(ssoIdentities).where(eq(ssoIdentities.userId, member.id))).toHaveLength(0);
  });

  it('keeps the allowed domains: an address outside them gets no account', async () => {
    await db()
      .update(workspaceSettings)
      .set({ signupPolicy: 'domain_allowlist', allowedDomains: ['corp.test'] });
    try {
      const { cookie, params } = await roundTrip('mallory@elsewhere.test');
      expect(await failureOf(finish(cookie, params).done)).toBe('not_allowed');
      expect(await db().select().from(users).where(eq(users.email, 'mallory@elsewhere.test'))).toHaveLength(0);
    } finally {
      await db().update(workspaceSettings).set({ signupPolicy: 'open', allowedDomains: [] });
    }
  });
});

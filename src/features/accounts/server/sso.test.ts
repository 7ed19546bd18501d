/**
 * Single sign-on settings, the password sign-in switch and the start and state checks of the
 * flow, through the real routes (the round trip through a provider is e2e/sso.spec.ts).
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.CHORUS_SECRET_KEY = 'cd'.repeat(32);
  // The provider on loopback is internal: the operator allows it, as for the e2e suite.
  process.env.CHORUS_SSO_ALLOW_HOSTS = '127.0.0.1';
});

import { db } from '@/server/db/client';
import { authTokens, rateLimits, ssoIdentities, ssoProviders, workspaceSettings } from '@/server/db/schema';
import { createTestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { issueAuthToken, pruneExpiredSsoFlows } from '@/server/identity/tokens';
import { consumeMagicLinkRoute, forgotPasswordRoute, magicLinkRoute, resetPasswordRoute, signInRoute, signUpRoute } from './handlers';
import { SsoProblem } from './sso-accounts';
import { finishSsoSignIn } from './sso-flow';
import { adminSsoProviderRoute, adminSsoRoute, ssoStartRoute } from './sso-handlers';

useTestDatabase();

const SECRET = 'the github client secret 0123456789';

beforeEach(async () => {
  await db().delete(rateLimits);
});
afterEach(async () => {
  await db().update(workspaceSettings).set({ passwordSignIn: true });
  await db().delete(ssoIdentities);
  await db().delete(ssoProviders);
});

const putGithub = async (as: { cookie: string }, body: Record<string, unknown> = {}) =>
  callRoute(adminSsoProviderRoute, {
    method: 'PUT',
    params: { provider: 'github' },
    body: { label: 'GitHub', clientId: 'Iv23li-client', clientSecret: SECRET, ...body },
    as,
  });

describe('the provider settings (admins)', () => {
  it('are for admins only', async () => {
    expect((await callRoute(adminSsoRoute, {})).status).toBe(401);
    expect((await callRoute(adminSsoRoute, { as: await createTestActor('moderator') })).status).toBe(403);
    expect((await putGithub(await createTestActor('member'))).status).toBe(403);
  });

  it('store the client secret sealed, and never send it back', async () => {
    const admin = await createTestActor('admin');
    const saved = await putGithub(admin);
    expect(saved.status).toBe(200);
    expect(saved.text).not.toContain(SECRET);
    expect(saved.json).toMatchObject({ id: 'github', clientSecretSet: true, scopes: 'read:user user:email', issuer: null });
    const [row] = await db().select().from(ssoProviders);
    expect(row!.clientSecretSealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(SECRET);
    const read = await callRoute(adminSsoRoute, { as: admin });
    expect(read.text).not.toContain(SECRET);
    expect(read.json).toMatchObject({
      secretKeyConfigured: true,
      passwordSignIn: true,
      providers: [{ id: 'github', clientSecretSet: true }],
    });
    // Saving without a secret keeps the stored one.
    expect((await putGithub(admin, { clientSecret: undefined, label: 'GitHub (staff)' })).status).toBe(200);
    const [kept] = await db().select().from(ssoProviders);
    expect(kept!.clientSecretSealed).toBe(row!.clientSecretSealed);
  });

  it('need a secret for a new provider, an issuer for generic OpenID Connect, and https away from loopback', async () => {
    const admin = await createTestActor('admin');
    expect((await putGithub(admin, { clientSecret: undefined })).json.error?.fields).toHaveProperty('clientSecret');
    const put = (body: Record<string, unknown>) =>
      callRoute(adminSsoProviderRoute, {
        method: 'PUT',
        params: { provider: 'oidc' },
        body: { label: 'Corp', clientId: 'c', clientSecret: 's', ...body },
        as: admin,
      });
    expect((await put({})).json.error?.fields).toHaveProperty('issuer');
    expect((await put({ issuer: 'http://login.example.test' })).json.error?.fields).toHaveProperty('issuer');
    expect((await put({ issuer: 'http://127.0.0.1:9999' })).status).toBe(200);
  });
});

describe('turning password sign-in off', () => {
  it('needs an admin who signed in through an enabled provider; then password and emailed-link sign-in are refused', async () => {
    const admin = await createTestActor('admin');
    const member = await createTestActor('member');
    await putGithub(admin);
    const off = () => callRoute(adminSsoRoute, { method: 'PATCH', body: { passwordSignIn: false }, as: admin });
    const refused = await off();
    expect(refused.status).toBe(409);
    expect(refused.json.error?.message).toMatch(/Sign in through an enabled single sign-on provider yourself first/);

    await db().insert(ssoIdentities).values({ provider: 'github', subject: '42', userId: admin.id });
    const done = await off();
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ passwordSignIn: false, viewerHasSignedInWithSso: true });

    const signIn = await callRoute(signInRoute, { method: 'POST', body: { email: member.email, password: member.password } });
    expect(signIn.status).toBe(403);
    expect(signIn.json.error?.message).toMatch(/single sign-on only/);
    expect((await callRoute(magicLinkRoute, { method: 'POST', body: { email: member.email } })).status).toBe(403);
    expect((await callRoute(forgotPasswordRoute, { method: 'POST', body: { email: member.email } })).status).toBe(403);
    const signUp = await callRoute(signUpRoute, {
      method: 'POST',
      body: { email: 'newcomer@example.test', displayName: 'New', password: 'a long enough password' },
    });
    expect(signUp.status).toBe(403);
    // Links emailed before the switch do not sign in after it either.
    const magic = await issueAuthToken(db(), 'magic_link', { userId: member.id, email: member.email });
    expect((await callRoute(consumeMagicLinkRoute, { method: 'POST', body: { token: magic } })).status).toBe(403);
    const reset = await issueAuthToken(db(), 'reset_password', { userId: member.id, email: member.email });
    const resetting = await callRoute(resetPasswordRoute, { method: 'POST', body: { token: reset, password: 'a brand new password' } });
    expect(resetting.status).toBe(403);

    // The last enabled provider cannot go while password sign-in is off.
    expect((await putGithub(admin, { enabled: false })).status).toBe(409);
    expect((await callRoute(adminSsoProviderRoute, { method: 'DELETE', params: { provider: 'github' }, as: admin })).status).toBe(409);
    // Back on: password sign-in works again.
    expect((await callRoute(adminSsoRoute, { method: 'PATCH', body: { passwordSignIn: true }, as: admin })).status).toBe(200);
    expect((await callRoute(signInRoute, { method: 'POST', body: { email: member.email, password: member.password } })).status).toBe(200);
    // The links were not used up by the refusals.
    expect((await callRoute(consumeMagicLinkRoute, { method: 'POST', body: { token: magic } })).status).toBe(200);
    expect((await callRoute(resetPasswordRoute, { method: 'POST', body: { token: reset, password: 'a brand new password' } })).status).toBe(
      200,
    );
  });
});

describe('starting and finishing a round trip', () => {
  const fakeHttp = (cookie: string | undefined, query: Record<string, string>) => {
    const req = new IncomingMessage(new Socket());
    if (cookie) req.headers.cookie = cookie;
    const res = new ServerResponse(req);
    return { req, res, ip: '203.0.113.9', params: new URLSearchParams(query) };
  };
  const failureOf = async (work: Promise<unknown>) => {
    try {
      await work;
      return 'signed-in';
    } catch (err) {
      if (err instanceof SsoProblem) return err.failure;
      throw err;
    }
  };

  it('is 404 for a provider that is not set up', async () => {
    const res = await callRoute(ssoStartRoute, { method: 'POST', params: { provider: 'google' }, body: {} });
    expect(res.status).toBe(404);
  });

  it('answers the authorization URL with PKCE and state, binds it to the browser, and the state must come back', async () => {
    await putGithub(await createTestActor('admin'));
    const started = await callRoute<{ url: string }>(ssoStartRoute, {
      method: 'POST',
      params: { provider: 'github' },
      body: { next: '/roadmap' },
    });
    expect(started.status).toBe(200);
    const url = new URL(started.json.url);
    expect(url.origin + url.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/login\/sso\/github$/);
    const state = url.searchParams.get('state')!;
    const setCookie = started.headers.getSetCookie().find((c) => c.startsWith('chorus_sso_flow='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/login\/sso/);
    const cookie = setCookie.split(';')[0]!;
    // The verifier stays on the server: the cookie holds only the key of the flow's row.
    const [flow] = await db().select().from(authTokens).where(eq(authTokens.kind, 'sso_flow'));
    expect(flow!.data).toMatchObject({ provider: 'github', state, next: '/roadmap' });
    expect(setCookie).not.toContain(String(flow!.data.verifier));

    // No cookie, or a state that is not this browser's: refused.
    expect(await failureOf(finishSsoSignIn('github', fakeHttp(undefined, { code: 'c', state })))).toBe('state');
    expect(await failureOf(finishSsoSignIn('github', fakeHttp(cookie, { code: 'c', state: 'forged' })))).toBe('state');
    // The flow was used up by that attempt: the right state cannot finish it afterwards.
    expect(await failureOf(finishSsoSignIn('github', fakeHttp(cookie, { code: 'c', state })))).toBe('state');
  });

  it('forgets expired round trips (anyone may start one), and nothing else', async () => {
    await db().delete(authTokens);
    await putGithub(await createTestActor('admin'));
    for (let i = 0; i < 3; i++) await callRoute(ssoStartRoute, { method: 'POST', params: { provider: 'github' }, body: {} });
    await issueAuthToken(db(), 'invite', { userId: null, email: 'kept@example.test' });
    const past = new Date(Date.now() - 60_000);
    await db().update(authTokens).set({ expiresAt: past }).where(eq(authTokens.kind, 'sso_flow'));
    await db().update(authTokens).set({ expiresAt: past }).where(eq(authTokens.kind, 'invite'));
    await callRoute(ssoStartRoute, { method: 'POST', params: { provider: 'github' }, body: {} });
    expect(await pruneExpiredSsoFlows()).toBe(3);
    expect(await db().select().from(authTokens).where(eq(authTokens.kind, 'sso_flow'))).toHaveLength(1);
    expect(await db().select().from(authTokens).where(eq(authTokens.kind, 'invite'))).toHaveLength(1);
  });

  it('refuses a flow started for another provider', async () => {
    const admin = await createTestActor('admin');
    await putGithub(admin);
    const started = await callRoute<{ url: string }>(ssoStartRoute, { method: 'POST', params: { provider: 'github' }, body: {} });
    const cookie = started.headers
      .getSetCookie()
      .find((c) => c.startsWith('chorus_sso_flow='))!
      .split(';')[0]!;
    const state = new URL(started.json.url).searchParams.get('state')!;
    expect(await failureOf(finishSsoSignIn('google', fakeHttp(cookie, { code: 'c', state })))).toBe('state');
  });

  it('sends an error from the provider back as such', async () => {
    await putGithub(await createTestActor('admin'));
    const started = await callRoute<{ url: string }>(ssoStartRoute, { method: 'POST', params: { provider: 'github' }, body: {} });
    const cookie = started.headers
      .getSetCookie()
      .find((c) => c.startsWith('chorus_sso_flow='))!
      .split(';')[0]!;
    const state = new URL(started.json.url).searchParams.get('state')!;
    expect(await failureOf(finishSsoSignIn('github', fakeHttp(cookie, { error: 'access_denied', state })))).toBe('provider');
  });
});

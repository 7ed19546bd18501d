import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { outbox, rateLimits, sessions, users, workspaceSettings } from '@/server/db/schema';
import { callRoute } from '@/test/http';
import { useTestDatabase } from '@/test/db';
import { createTestActor, TEST_PASSWORD } from '@/test/actors';
import { issueAuthToken } from '@/server/identity/tokens';
import { runJobs } from '@/test/jobs';
import {
  consumeMagicLinkRoute,
  forgotPasswordRoute,
  magicLinkRoute,
  resetPasswordRoute,
  signInRoute,
  signOutRoute,
  signUpRoute,
  verifyEmailRoute,
} from './handlers';
import { meRoute } from './me-handlers';

useTestDatabase();

// Every call comes from 127.0.0.1: each test starts with fresh rate-limit windows.
beforeEach(async () => {
  await db().delete(rateLimits);
});

async function lastEmailTo(email: string) {
  const [row] = await db().select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1);
  return row;
}
const tokenIn = (text: string, path: string) => new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];
const setterCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith('chorus_password_setter='))
    ?.split(';')[0] ?? '';
/** The session cookie a response set (`name=value`), if any. */
const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith('chorus_session='))
    ?.split(';')[0] ?? '';

describe('accounts: sign-up, verification and sign-in (a confirmed email required)', () => {
  beforeAll(async () => {
    await db().update(workspaceSettings).set({ emailConfirmation: 'required' });
  });
  afterAll(async () => {
    await db().update(workspaceSettings).set({ emailConfirmation: 'auto' });
  });

  it('signs up, emails a verification link, verifies, and signs in with a session cookie', async () => {
    const up = await callRoute(signUpRoute, {
      method: 'POST',
      body: { email: 'New.Person@Example.test', displayName: 'New Person', password: 'a long password' },
    });
    expect(up.status).toBe(202);
    // The tests run without SMTP: the email waits in the outbox, and the answer says so.
    expect(up.json).toEqual({ status: 'ask-admin' });
    expect(cookieOf(up.headers)).toBe('');
    // The browser that chose the password is marked, so confirming from it keeps the password.
    const setter = setterCookieOf(up.headers);
    expect(setter).toMatch(/^chorus_password_setter=[A-Za-z0-9_-]{43}$/);
    expect(up.headers.getSetCookie().find((c) => c.startsWith('chorus_password_setter='))).toMatch(
      /HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/i,
    );
    await runJobs();

    const mail = await lastEmailTo('new.person@example.test');
    expect(mail?.kind).toBe('verify_email');
    expect(mail!.payload.html).toContain('/verify-email?token=');
    const token = tokenIn(mail!.payload.text, '/verify-email');
    expect(token).toBeTruthy();

    const early = await callRoute(signInRoute, { method: 'POST', body: { email: 'new.person@example.test', password: 'a long password' } });
    expect(early.status).toBe(403);

    const verified = await callRoute(verifyEmailRoute, { method: 'POST', body: { token }, as: { cookie: setter } });
    expect(verified.status).toBe(200);
    expect(verified.json).toEqual({ status: 'signed-in', passwordCleared: false });
    const cookie = cookieOf(verified.headers);
    const sessionCookie = verified.headers.getSetCookie().find((c) => c.startsWith('chorus_session='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    const me = await callRoute(meRoute, { as: { cookie } });
    expect(me.json).toMatchObject({ email: 'new.person@example.test', role: 'member', emailVerified: true });
    expect(
      (await callRoute(signInRoute, { method: 'POST', body: { email: 'new.person@example.test', password: 'a long password' } })).status,
    ).toBe(200);

    const again = await callRoute(verifyEmailRoute, { method: 'POST', body: { token } });
    expect(again.status).toBe(410);
    expect(again.json.error?.code).toBe('TOKEN_INVALID');
  });

  it('answers sign-up the same whether or not the email is taken', async () => {
    const existing = await createTestActor('member');
    const a = await callRoute(signUpRoute, {
      method: 'POST',
      body: { email: existing.email, displayName: 'X', password: 'a long password' },
    });
    const b = await callRoute(signUpRoute, {
      method: 'POST',
      body: { email: 'fresh@example.test', displayName: 'X', password: 'a long password' },
    });
    expect(a.status).toBe(b.status);
    expect(a.json).toEqual(b.json);
    expect(a.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(b.headers.getSetCookie().map((c) => c.split('=')[0]));
    await runJobs();
    expect((await lastEmailTo(existing.email))?.kind).toBe('already_registered');
    expect((await lastEmailTo('fresh@example.test'))?.kind).toBe('verify_email');
  });

  it('refuses a wrong password with the same error as an unknown email, and never stores the session token', async () => {
    const user = await createTestActor('member');
    const wrong = await callRoute(signInRoute, { method: 'POST', body: { email: user.email, password: 'not the password' } });
    const unknown = await callRoute(signInRoute, { method: 'POST', body: { email: 'nobody@example.test', password: 'not the password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error?.code).toBe('INVALID_CREDENTIALS');
    expect(unknown.json.error?.message).toBe(wrong.json.error?.message);

    const ok = await callRoute(signInRoute, { method: 'POST', body: { email: user.email.toUpperCase(), password: TEST_PASSWORD } });
    expect(ok.status).toBe(200);
    const token = cookieOf(ok.headers).split('=')[1]!;
    const stored = await db().select({ h: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, user.id));
    expect(stored.length).toBe(2);
    expect(stored.map((s) => s.h)).not.toContain(token);
  });

  it('refuses a banned user, after the password check only', async () => {
    const banned = await createTestActor('member', { banned: true });
    const res = await callRoute(signInRoute, { method: 'POST', body: { email: banned.email, password: TEST_PASSWORD } });
    expect(res.status).toBe(403);
    expect(res.json.error?.code).toBe('ACCOUNT_BANNED');
    const me = await callRoute(meRoute, { as: banned });
    expect(me.status).toBe(401);
  });

  it('signs out by deleting the session', async () => {
    const user = await createTestActor('member');
    expect((await callRoute(meRoute, { as: user })).status).toBe(200);
    expect((await callRoute(signOutRoute, { method: 'POST', as: user })).status).toBe(204);
    expect((await callRoute(meRoute, { as: user })).status).toBe(401);
  });

  it('rate-limits sign-in (10 a minute)', async () => {
    const user = await createTestActor('member');
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await callRoute(signInRoute, { method: 'POST', body: { email: user.email, password: 'wrong password' } })).status;
    }
    expect(last).toBe(429);
  });

  it('says when to try again once rate-limited (Retry-After)', async () => {
    let res = await callRoute(signInRoute, { method: 'POST', body: { email: 'x@example.test', password: 'wrong password' } });
    for (let i = 0; i < 10 && res.status !== 429; i++) {
      res = await callRoute(signInRoute, { method: 'POST', body: { email: 'x@example.test', password: 'wrong password' } });
    }
    expect(res.status).toBe(429);
    expect(res.json.error?.code).toBe('RATE_LIMITED');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('tells an unverified person who knows the password to confirm first, and sends a new link', async () => {
    await callRoute(signUpRoute, {
      method: 'POST',
      body: { email: 'slow@example.test', displayName: 'Slow', password: 'a long password' },
    });
    await runJobs();
    await db().delete(outbox).where(eq(outbox.recipient, 'slow@example.test'));
    const res = await callRoute(signInRoute, { method: 'POST', body: { email: 'slow@example.test', password: 'a long password' } });
    expect(res.status).toBe(403);
    // Without SMTP it does not pretend to have sent anything.
    expect(res.json.error).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/confirm your email.*cannot send email yet.*admins/i),
    });
    expect(cookieOf(res.headers)).toBe('');
    expect((await lastEmailTo('slow@example.test'))?.kind).toBe('verify_email');
  });
});

describe('accounts: invitations', () => {
  it('signs an invited person up and in at once (201), with the invited role and a verified address', async () => {
    const token = await issueAuthToken(db(), 'invite', { userId: null, email: 'invited@example.test', data: { role: 'moderator' } });
    const res = await callRoute(signUpRoute, {
      method: 'POST',
      body: { email: 'invited@example.test', displayName: 'Invited', password: 'a long password', inviteToken: token },
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ status: 'signed-in' });
    const me = await callRoute(meRoute, { as: { cookie: cookieOf(res.headers) } });
    expect(me.json).toMatchObject({ email: 'invited@example.test', role: 'moderator', emailVerified: true });
  });

  it('refuses a used invitation, or one for another address, with 410 TOKEN_INVALID', async () => {
    const token = await issueAuthToken(db(), 'invite', { userId: null, email: 'once@example.test' });
    const other = await callRoute(signUpRoute, {
      method: 'POST',
      body: { email: 'someone.else@example.test', displayName: 'X', password: 'a long password', inviteToken: token },
    });
    expect(other.status).toBe(410);
    expect(other.json.error?.code).toBe('TOKEN_INVALID');
    expect(
      (
        await callRoute(signUpRoute, {
          method: 'POST',
          body: { email: 'once@example.test', displayName: 'X', password: 'a long password', inviteToken: token },
        })
      ).status,
    ).toBe(201);
    const again = await callRoute(signUpRoute, {
      method: 'POST',
      body: { email: 'once@example.test', displayName: 'X', password: 'a long password', inviteToken: token },
    });
    expect(again.status).toBe(410);
  });
});

describe('accounts: password reset and magic link', () => {
  it('resets a password from the emailed link, ends old sessions, and the link works once', async () => {
    const user = await createTestActor('member');
    const asked = await callRoute(forgotPasswordRoute, { method: 'POST', body: { email: user.email } });
    const unknown = await callRoute(forgotPasswordRoute, { method: 'POST', body: { email: 'nobody@example.test' } });
    expect(asked.status).toBe(202);
    expect(asked.json).toEqual({ status: 'ask-admin' });
    expect(unknown.json).toEqual(asked.json);
    await runJobs();
    expect(await lastEmailTo('nobody@example.test')).toBeUndefined();
    const token = tokenIn((await lastEmailTo(user.email))!.payload.text, '/reset-password');
    const reset = await callRoute(resetPasswordRoute, { method: 'POST', body: { token, password: 'a brand new password' } });
    expect(reset.status).toBe(200);
    expect((await callRoute(meRoute, { as: user })).status).toBe(401);
    expect((await callRoute(resetPasswordRoute, { method: 'POST', body: { token, password: 'another password!' } })).status).toBe(410);
    expect((await callRoute(signInRoute, { method: 'POST', body: { email: user.email, password: 'a brand new password' } })).status).toBe(
      200,
    );
  });

  it('signs in with a magic link once', async () => {
    const user = await createTestActor('member');
    expect((await callRoute(magicLinkRoute, { method: 'POST', body: { email: user.email } })).status).toBe(202);
    await runJobs();
    const token = tokenIn((await lastEmailTo(user.email))!.payload.text, '/magic-link');
    const used = await callRoute(consumeMagicLinkRoute, { method: 'POST', body: { token } });
    expect(used.status).toBe(200);
    expect(used.json).toEqual({ status: 'signed-in', passwordCleared: false });
    expect((await callRoute(meRoute, { as: { cookie: cookieOf(used.headers) } })).json).toMatchObject({ id: user.id });
    expect((await callRoute(consumeMagicLinkRoute, { method: 'POST', body: { token } })).status).toBe(410);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.emailVerifiedAt).not.toBeNull();
  });
});

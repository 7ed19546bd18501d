/**
 * Account pre-hijacking (issue 8, F2): someone signs up with another person's address and a
 * password of their own. When the address's owner proves it later (a confirmation or sign-in
 * link, a reset), the account must not keep a credential set by someone who never proved it.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { auditEvents, outbox, rateLimits, sessions, users, workspaceSettings } from '@/server/db/schema';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { runJobs } from '@/test/jobs';
import {
  consumeMagicLinkRoute,
  forgotPasswordRoute,
  magicLinkRoute,
  resetPasswordRoute,
  signInRoute,
  signUpRoute,
  verifyEmailRoute,
} from './handlers';
import { changePasswordRoute, meRoute } from './me-handlers';

useTestDatabase();

beforeEach(async () => {
  await db().delete(rateLimits);
});
afterEach(async () => {
  await db().update(workspaceSettings).set({ emailConfirmation: 'auto' });
});

const requireConfirmation = () => db().update(workspaceSettings).set({ emailConfirmation: 'required' });
const cookieNamed = (headers: Headers, name: string) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0] ?? '';
const sessionOf = (headers: Headers) => ({ cookie: cookieNamed(headers, 'chorus_session') });

async function linkTo(email: string, kind: string, path: string): Promise<string> {
  const [found] = await db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, kind)))
    .orderBy(desc(outbox.id))
    .limit(1);
  const token = found && new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(found.payload.text)?.[1];
  if (!token) throw new Error(`no ${kind} link to ${email}`);
  return token;
}

const ATTACKER_PASSWORD = 'attacker chose this';
const signUpAs = (email: string) =>
  callRoute(signUpRoute, { method: 'POST', body: { email, displayName: 'Not the owner', password: ATTACKER_PASSWORD } });
const signInWith = (email: string, password: string) => callRoute(signInRoute, { method: 'POST', body: { email, password } });

describe('a password set by someone who never proved the address', () => {
  it('is removed when the owner confirms the address from the emailed link, and the owner is told', async () => {
    await requireConfirmation();
    const victim = 'victim.verify@example.test';
    const attacker = await signUpAs(victim);
    expect(attacker.status).toBe(202);
    await runJobs();

    // The owner follows the confirmation link that arrived in their inbox, in their own browser.
    const confirmed = await callRoute(verifyEmailRoute, {
      method: 'POST',
      body: { token: await linkTo(victim, 'verify_email', '/verify-email') },
    });
    expect(confirmed.status).toBe(200);
    // The one who chose the password cannot sign in with it any more…
    const again = await signInWith(victim, ATTACKER_PASSWORD);
    expect(again.status).toBe(401);
    expect(again.json.error?.code).toBe('INVALID_CREDENTIALS');
    const [row] = await db().select().from(users).where(eq(users.email, victim));
    expect(row!.passwordHash).toBeNull();
    // …and the owner is signed in, and told why there is no password.
    expect(confirmed.json).toEqual({ status: 'signed-in', passwordCleared: true });
    expect((await callRoute(meRoute, { as: sessionOf(confirmed.headers) })).json).toMatchObject({ email: victim, emailVerified: true });
    const [event] = await db().select().from(auditEvents).where(eq(auditEvents.targetId, row!.id)).orderBy(desc(auditEvents.id)).limit(1);
    expect(event?.action).toBe('user.unconfirmed_password_cleared');
  });

  it('is removed when the owner signs in with an emailed sign-in link', async () => {
    await requireConfirmation();
    const victim = 'victim.magic@example.test';
    await signUpAs(victim);
    await callRoute(magicLinkRoute, { method: 'POST', body: { email: victim } });
    await runJobs();
    const used = await callRoute(consumeMagicLinkRoute, {
      method: 'POST',
      body: { token: await linkTo(victim, 'magic_link', '/magic-link') },
    });
    expect(used.status).toBe(200);
    expect((await signInWith(victim, ATTACKER_PASSWORD)).status).toBe(401);
    expect(used.json).toEqual({ status: 'signed-in', passwordCleared: true });
  });

  it('without confirmation required: the early sign-up was signed in at once, and that session ends too', async () => {
    const victim = 'victim.open@example.test';
    const attacker = await signUpAs(victim);
    expect(attacker.status).toBe(201);
    const attackerSession = sessionOf(attacker.headers);
    expect((await callRoute(meRoute, { as: attackerSession })).json).toMatchObject({ email: victim, emailVerified: false });

    const confirmed = await callRoute(verifyEmailRoute, {
      method: 'POST',
      body: { token: await linkTo(victim, 'verify_email', '/verify-email') },
    });
    expect(confirmed.json).toEqual({ status: 'signed-in', passwordCleared: true });
    expect((await callRoute(meRoute, { as: attackerSession })).status).toBe(401);
    const [row] = await db().select().from(users).where(eq(users.email, victim));
    expect(await db().select().from(sessions).where(eq(sessions.userId, row!.id))).toHaveLength(1);
    expect((await signInWith(victim, ATTACKER_PASSWORD)).status).toBe(401);
  });

  it('the owner then sets a password in Settings without a current one', async () => {
    await requireConfirmation();
    const victim = 'victim.settings@example.test';
    await signUpAs(victim);
    await runJobs();
    const confirmed = await callRoute(verifyEmailRoute, {
      method: 'POST',
      body: { token: await linkTo(victim, 'verify_email', '/verify-email') },
    });
    const owner = sessionOf(confirmed.headers);
    const set = await callRoute(changePasswordRoute, { method: 'POST', body: { newPassword: 'the owner chose this' }, as: owner });
    expect(set.status).toBe(200);
    expect((await signInWith(victim, 'the owner chose this')).status).toBe(200);
    // From now on the current password is needed again.
    const missing = await callRoute(changePasswordRoute, { method: 'POST', body: { newPassword: 'another new password' }, as: owner });
    expect(missing.status).toBe(422);
    expect(missing.json.error?.fields).toHaveProperty('currentPassword');
  });

  it('a password reset from the emailed link replaces it and ends every session', async () => {
    const victim = 'victim.reset@example.test';
    const attacker = await signUpAs(victim);
    expect(attacker.status).toBe(201);
    await callRoute(forgotPasswordRoute, { method: 'POST', body: { email: victim } });
    await runJobs();
    const reset = await callRoute(resetPasswordRoute, {
      method: 'POST',
      body: { token: await linkTo(victim, 'reset_password', '/reset-password'), password: 'the owner chose this' },
    });
    expect(reset.status).toBe(200);
    expect((await callRoute(meRoute, { as: sessionOf(attacker.headers) })).status).toBe(401);
    expect((await signInWith(victim, ATTACKER_PASSWORD)).status).toBe(401);
    expect((await callRoute(meRoute, { as: sessionOf(reset.headers) })).json).toMatchObject({ emailVerified: true });
  });
});

describe('the person who set the password confirms from the same browser', () => {
  it('keeps the password (the nonce cookie from sign-up matches the link)', async () => {
    await requireConfirmation();
    const email = 'owner.same.browser@example.test';
    const up = await callRoute(signUpRoute, { method: 'POST', body: { email, displayName: 'Owner', password: 'the owner chose this' } });
    const setter = cookieNamed(up.headers, 'chorus_password_setter');
    await runJobs();
    const confirmed = await callRoute(verifyEmailRoute, {
      method: 'POST',
      body: { token: await linkTo(email, 'verify_email', '/verify-email') },
      as: { cookie: setter },
    });
    expect(confirmed.json).toEqual({ status: 'signed-in', passwordCleared: false });
    // The nonce has done its job: the cookie is cleared.
    expect(confirmed.headers.getSetCookie().find((c) => c.startsWith('chorus_password_setter='))).toMatch(/Max-Age=0/);
    expect((await signInWith(email, 'the owner chose this')).status).toBe(200);
  });

  it('keeps it too after a sign-in sent a new link to a browser that knew the password', async () => {
    await requireConfirmation();
    const email = 'owner.new.browser@example.test';
    await callRoute(signUpRoute, { method: 'POST', body: { email, displayName: 'Owner', password: 'the owner chose this' } });
    await runJobs();
    const refused = await signInWith(email, 'the owner chose this');
    expect(refused.status).toBe(403);
    const setter = cookieNamed(refused.headers, 'chorus_password_setter');
    expect(setter).not.toBe('');
    const used = await callRoute(verifyEmailRoute, {
      method: 'POST',
      body: { token: await linkTo(email, 'verify_email', '/verify-email') },
      as: { cookie: setter },
    });
    expect(used.json).toEqual({ status: 'signed-in', passwordCleared: false });
    expect((await signInWith(email, 'the owner chose this')).status).toBe(200);
  });

  it('a nonce from another sign-up proves nothing for this account', async () => {
    await requireConfirmation();
    const other = await callRoute(signUpRoute, {
      method: 'POST',
      body: { email: 'someone.else@example.test', displayName: 'Else', password: 'a long password' },
    });
    const victim = 'victim.other.nonce@example.test';
    await signUpAs(victim);
    await runJobs();
    const used = await callRoute(verifyEmailRoute, {
      method: 'POST',
      body: { token: await linkTo(victim, 'verify_email', '/verify-email') },
      as: { cookie: cookieNamed(other.headers, 'chorus_password_setter') },
    });
    expect(used.json).toEqual({ status: 'signed-in', passwordCleared: true });
  });
});

/**
 * The workspace's `emailConfirmation` setting, and what each flow says with and without SMTP
 * (issue 8: the default install has no SMTP, and must neither pretend to send email nor leave
 * new members stuck). SMTP is simulated: `smtpConfigured()` follows `smtp.on`, and "sending"
 * succeeds without a server.
 */
import { desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/server/db/client';
import { outbox, rateLimits, users, workspaceSettings } from '@/server/db/schema';
import { createTestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { runJobs } from '@/test/jobs';
import { forgotPasswordRoute, magicLinkRoute, signInRoute, signUpRoute } from './handlers';
import { meRoute } from './me-handlers';

const smtp = vi.hoisted(() => ({ on: false }));
vi.mock('@/server/mail/transport', () => ({
  smtpConfigured: () => smtp.on,
  sendMail: async () => undefined,
}));

useTestDatabase();

beforeEach(async () => {
  smtp.on = false;
  await db().delete(rateLimits);
});
afterEach(async () => {
  await db().update(workspaceSettings).set({ emailConfirmation: 'auto' });
});

const setMode = (emailConfirmation: 'auto' | 'required' | 'off') => db().update(workspaceSettings).set({ emailConfirmation });
const signUp = (email: string) =>
  callRoute(signUpRoute, { method: 'POST', body: { email, displayName: 'New', password: 'a long password' } });
const signIn = (email: string) => callRoute(signInRoute, { method: 'POST', body: { email, password: 'a long password' } });
const sessionOf = (headers: Headers) => ({
  cookie:
    headers
      .getSetCookie()
      .find((c) => c.startsWith('chorus_session='))
      ?.split(';')[0] ?? '',
});
const lastEmailTo = async (email: string) =>
  (await db().select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1))[0];

describe('the default install: no SMTP, emailConfirmation auto (not required)', () => {
  it('signs a new member in at once, unconfirmed, with a confirmation link waiting in the outbox', async () => {
    const up = await signUp('fresh.start@example.test');
    expect(up.status).toBe(201);
    expect(up.json).toEqual({ status: 'signed-in' });
    expect((await callRoute(meRoute, { as: sessionOf(up.headers) })).json).toMatchObject({
      email: 'fresh.start@example.test',
      emailVerified: false,
    });
    expect((await lastEmailTo('fresh.start@example.test'))?.kind).toBe('verify_email');
  });

  it('cannot hide a taken address: sign-up says so (409 on the email field)', async () => {
    const member = await createTestActor('member');
    const up = await signUp(member.email);
    expect(up.status).toBe(409);
    expect(up.json.error).toMatchObject({ code: 'CONFLICT', fields: { email: expect.stringMatching(/already uses this address/) } });
    expect(sessionOf(up.headers).cookie).toBe('');
  });

  it('lets an unconfirmed member sign in', async () => {
    await signUp('later@example.test');
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.email, 'later@example.test'));
    expect((await signIn('later@example.test')).status).toBe(200);
  });

  it('"forgot password" and "email me a link" answer ask-admin, the same for every address', async () => {
    const member = await createTestActor('member');
    for (const route of [forgotPasswordRoute, magicLinkRoute]) {
      const known = await callRoute(route, { method: 'POST', body: { email: member.email } });
      const unknown = await callRoute(route, { method: 'POST', body: { email: 'nobody@example.test' } });
      expect(known.status).toBe(202);
      expect(known.json).toEqual({ status: 'ask-admin' });
      expect(unknown.json).toEqual(known.json);
    }
  });
});

describe('emailConfirmation required', () => {
  it('without SMTP: sign-up answers ask-admin, and sign-in is refused with what to do', async () => {
    await setMode('required');
    const up = await signUp('waiting@example.test');
    expect(up.status).toBe(202);
    expect(up.json).toEqual({ status: 'ask-admin' });
    await runJobs();
    const refused = await signIn('waiting@example.test');
    expect(refused.status).toBe(403);
    expect(refused.json.error?.message).toMatch(/cannot send email yet/);
    expect(refused.json.error?.message).not.toMatch(/we have sent/i);
  });

  it('with SMTP: sign-up answers check-email, and sign-in says a new link was sent', async () => {
    smtp.on = true;
    await setMode('required');
    const up = await signUp('mailed@example.test');
    expect(up.json).toEqual({ status: 'check-email' });
    await runJobs();
    const refused = await signIn('mailed@example.test');
    expect(refused.status).toBe(403);
    expect(refused.json.error?.message).toMatch(/we have sent you a new link/);
  });
});

describe('emailConfirmation auto follows SMTP', () => {
  it('with SMTP configured, auto requires a confirmed address', async () => {
    smtp.on = true;
    const up = await signUp('auto.smtp@example.test');
    expect(up.status).toBe(202);
    expect(up.json).toEqual({ status: 'check-email' });
    await runJobs();
    expect((await signIn('auto.smtp@example.test')).status).toBe(403);
    for (const route of [forgotPasswordRoute, magicLinkRoute]) {
      expect((await callRoute(route, { method: 'POST', body: { email: 'auto.smtp@example.test' } })).json).toEqual({
        status: 'check-email',
      });
    }
  });

  it('off, even with SMTP: signed in at once, and the confirmation link is still sent', async () => {
    smtp.on = true;
    await setMode('off');
    const up = await signUp('optional@example.test');
    expect(up.status).toBe(201);
    await vi.waitFor(async () => expect((await lastEmailTo('optional@example.test'))?.sentAt).not.toBeNull());
    expect((await lastEmailTo('optional@example.test'))?.kind).toBe('verify_email');
  });
});

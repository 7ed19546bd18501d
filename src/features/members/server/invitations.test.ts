/**
 * Invitations that tell the truth (issue 23): the creation answer carries the link and says how
 * it travels; pending invitations are listed, and their links replaced (never shown again) or
 * revoked. SMTP is simulated: `smtpConfigured()` follows `smtp.on`, and "sending" succeeds
 * without a server.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signUpRoute } from '@/features/accounts/server/handlers';
import type { Invitation, PendingInvitationList } from '@/features/accounts/schema';
import { db } from '@/server/db/client';
import { auditEvents, authTokens, outbox, rateLimits, users } from '@/server/db/schema';
import { createTestActor, type TestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { invitationLinkRoute, invitationResendRoute, invitationRoute, invitationsRoute } from './handlers';

const smtp = vi.hoisted(() => ({ on: false }));
vi.mock('@/server/mail/transport', () => ({
  smtpConfigured: () => smtp.on,
  sendMail: async () => undefined,
}));

useTestDatabase();

let admin: TestActor;
beforeEach(async () => {
  smtp.on = false;
  await db().delete(rateLimits);
  admin = await createTestActor('admin', { displayName: 'Ines Admin' });
});

let seq = 0;
const freshEmail = () => `invitee-${++seq}-${Date.now()}@example.test`;
const invite = async (email: string, role = 'moderator', as: TestActor = admin) => {
  const res = await callRoute<Invitation>(invitationsRoute, { method: 'POST', body: { email, role }, as });
  expect(res.status).toBe(201);
  return res.json;
};
const pendingList = async (as: TestActor = admin) => (await callRoute<PendingInvitationList>(invitationsRoute, { as })).json;
const tokenOf = (link: string) => new URL(link).searchParams.get('invite')!;
const signUpWith = (email: string, link: string) =>
  callRoute(signUpRoute, {
    method: 'POST',
    body: { email, displayName: 'New Person', password: 'a long password', inviteToken: tokenOf(link) },
  });
const unsentInviteEmails = (email: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'invite'), isNull(outbox.sentAt)));
const replaceLink = (id: string, as: TestActor = admin) =>
  callRoute<Invitation>(invitationLinkRoute, { method: 'POST', params: { id }, as });
const resend = (id: string, as: TestActor = admin) => callRoute<Invitation>(invitationResendRoute, { method: 'POST', params: { id }, as });
const revoke = (id: string, as: TestActor = admin) => callRoute(invitationRoute, { method: 'DELETE', params: { id }, as });

describe('creating an invitation', () => {
  it('without SMTP: answers the link to pass on (the emailed one), and says the email only waits', async () => {
    const email = freshEmail();
    const made = await invite(email);
    expect(made).toMatchObject({ email, role: 'moderator', delivery: 'smtp_off' });
    expect(made.link).toMatch(/\/signup\?invite=[A-Za-z0-9_-]{40,}$/);
    const [mail] = await unsentInviteEmails(email);
    expect(mail!.payload.text).toContain(made.link);
    // The database keeps only the hash: the answer is the one place the link exists.
    expect(JSON.stringify(await db().select().from(authTokens).where(eq(authTokens.email, email)))).not.toContain(tokenOf(made.link));
  });

  it('with SMTP: says the email is queued to send', async () => {
    smtp.on = true;
    expect(await invite(freshEmail())).toMatchObject({ delivery: 'queued' });
  });

  it('inviting an address again replaces its pending invitation: the first link stops working', async () => {
    const email = freshEmail();
    const first = await invite(email, 'member');
    const second = await invite(email, 'admin');
    expect(second.id).not.toBe(first.id);
    const mine = (await pendingList()).items.filter((i) => i.email === email);
    expect(mine).toEqual([expect.objectContaining({ id: second.id, role: 'admin' })]);
    expect(await unsentInviteEmails(email)).toHaveLength(1);
    expect((await signUpWith(email, first.link)).status).toBe(410);
    expect((await signUpWith(email, second.link)).status).toBe(201);
  });
});

describe('the pending list', () => {
  it('shows to whom, the role, who invited and when it expires, never a link; an accepted invitation leaves it', async () => {
    const email = freshEmail();
    const made = await invite(email);
    const list = await pendingList();
    const item = list.items.find((i) => i.id === made.id);
    expect(item).toEqual({
      id: made.id,
      email,
      role: 'moderator',
      invitedBy: { id: admin.id, displayName: 'Ines Admin' },
      createdAt: expect.any(String),
      expiresAt: made.expiresAt,
    });
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(list)).not.toContain(tokenOf(made.link));

    const up = await signUpWith(email, made.link);
    expect(up.status).toBe(201);
    const [account] = await db().select().from(users).where(eq(users.email, email));
    expect(account!.role).toBe('moderator');
    expect((await pendingList()).items.map((i) => i.id)).not.toContain(made.id);
  });

  it('drops expired invitations, and those whose address got an account another way', async () => {
    const expired = await invite(freshEmail());
    await db()
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.email, expired.email));
    const joined = await invite(freshEmail());
    await createTestActor('member', { email: joined.email });
    const ids = (await pendingList()).items.map((i) => i.id);
    expect(ids).not.toContain(expired.id);
    expect(ids).not.toContain(joined.id);
    expect((await replaceLink(expired.id)).status).toBe(404);
    expect((await revoke(joined.id)).status).toBe(404);
  });
});

describe('replacing a link', () => {
  it('"copy link" makes a new link and emails nothing; the old link stops working, its unsent email is withdrawn', async () => {
    const email = freshEmail();
    const made = await invite(email);
    const res = await replaceLink(made.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: made.id, email, role: 'moderator', delivery: 'none' });
    expect(res.json.link).not.toBe(made.link);
    expect(await unsentInviteEmails(email)).toEqual([]);
    expect((await signUpWith(email, made.link)).status).toBe(410);
    expect((await signUpWith(email, res.json.link)).status).toBe(201);

    const [event] = await db().select().from(auditEvents).where(eq(auditEvents.action, 'member.invitation_reissued'));
    expect(event).toMatchObject({ actorId: admin.id, targetId: email, after: { email, role: 'moderator', emailed: false } });
  });

  it('resend queues one email with the new link, the old one withdrawn; without SMTP it says the email only waits', async () => {
    const email = freshEmail();
    const made = await invite(email);
    const res = await resend(made.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: made.id, delivery: 'smtp_off' });
    const mails = await unsentInviteEmails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.payload.text).toContain(res.json.link);
    expect((await signUpWith(email, made.link)).status).toBe(410);
    smtp.on = true;
    expect((await resend(made.id)).json).toMatchObject({ delivery: 'queued' });
  });
});

describe('revoking', () => {
  it('makes the link unusable, withdraws the unsent email, leaves the list, is audited; a second revoke is 404', async () => {
    const email = freshEmail();
    const made = await invite(email);
    const res = await revoke(made.id);
    expect(res.status).toBe(204);
    expect(await unsentInviteEmails(email)).toEqual([]);
    expect((await pendingList()).items.map((i) => i.id)).not.toContain(made.id);
    const up = await signUpWith(email, made.link);
    expect(up.status).toBe(410);
    expect(up.json.error?.code).toBe('TOKEN_INVALID');
    const [event] = await db().select().from(auditEvents).where(eq(auditEvents.action, 'member.invitation_revoked'));
    expect(event).toMatchObject({ actorId: admin.id, targetId: email, before: { email, role: 'moderator' } });
    expect((await revoke(made.id)).status).toBe(404);
    expect((await replaceLink('not-an-invitation')).status).toBe(404);
  });
});

describe('only admins', () => {
  it('a moderator or a member can neither list, replace, resend nor revoke, and the link keeps working', async () => {
    const email = freshEmail();
    const made = await invite(email);
    for (const role of ['moderator', 'member'] as const) {
      const who = await createTestActor(role);
      expect((await callRoute(invitationsRoute, { as: who })).status).toBe(403);
      expect((await replaceLink(made.id, who)).status).toBe(403);
      expect((await resend(made.id, who)).status).toBe(403);
      expect((await revoke(made.id, who)).status).toBe(403);
    }
    expect((await signUpWith(email, made.link)).status).toBe(201);
  });
});

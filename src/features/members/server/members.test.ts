import { and, desc, eq, isNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { countActiveAdmins } from '@/features/accounts/server/queries';
import { signInRoute, signUpRoute } from '@/features/accounts/server/handlers';
import { meRoute } from '@/features/accounts/server/me-handlers';
import { hashToken } from '@/server/identity/tokens';
import { auditRoute } from '@/features/audit/server/handlers';
import { db } from '@/server/db/client';
import { auditEvents, authTokens, outbox, rateLimits, sessions, users, workspaceSettings } from '@/server/db/schema';
import { AppError } from '@/server/http/errors';
import { createTestActor, TEST_PASSWORD, type TestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { invitationsRoute, memberBanRoute, memberRoute, membersRoute, memberVerifyRoute } from './handlers';
import { banMember, changeMemberRole } from './service';

useTestDatabase();

beforeEach(async () => {
  await db().delete(rateLimits);
});

const patchRole = (as: TestActor, id: string, role: string) =>
  callRoute(memberRoute, { method: 'PATCH', params: { id }, body: { role }, as });
const ban = (as: TestActor, id: string) => callRoute(memberBanRoute, { method: 'POST', params: { id }, as });
const unban = (as: TestActor, id: string) => callRoute(memberBanRoute, { method: 'DELETE', params: { id }, as });
const signIn = (who: TestActor) => callRoute(signInRoute, { method: 'POST', body: { email: who.email, password: TEST_PASSWORD } });
const sessionCount = async (userId: string) => (await db().select().from(sessions).where(eq(sessions.userId, userId))).length;
const auditFor = (targetId: string) =>
  db().select().from(auditEvents).where(eq(auditEvents.targetId, targetId)).orderBy(desc(auditEvents.id));

/** Leaves exactly the given admins active: everyone else who is an admin becomes a member. */
async function onlyAdmins(...keep: TestActor[]) {
  const all = await db().select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  for (const { id } of all) {
    if (!keep.some((k) => k.id === id)) await db().update(users).set({ role: 'member' }).where(eq(users.id, id));
  }
}

describe('the member list', () => {
  it('searches name or email, case-insensitively, with % and _ taken literally', async () => {
    const moderator = await createTestActor('moderator');
    const zed = await createTestActor('member', { displayName: 'Zedekiah Quill', email: 'zq-unique@example.test' });
    await createTestActor('member', { displayName: 'Another Person', email: 'zedekiah.fan@example.test' });
    const byName = await callRoute(membersRoute, { query: { q: 'zedekiah q' }, as: moderator });
    expect(byName.status).toBe(200);
    expect((byName.json.items as { id: string }[]).map((m) => m.id)).toEqual([zed.id]);
    const byEmail = await callRoute(membersRoute, { query: { q: 'ZEDEKIAH' }, as: moderator });
    expect((byEmail.json.items as unknown[]).length).toBe(2);
    const literal = await callRoute(membersRoute, { query: { q: '%' }, as: moderator });
    expect(literal.json.items).toEqual([]);
  });

  it('pages with a cursor, newest first, without repeats, and never sends a hash', async () => {
    const admin = await createTestActor('admin');
    for (let i = 0; i < 5; i++) await createTestActor('member', { displayName: `Pager ${i}`, email: `pager-${i}@example.test` });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 3; page++) {
      const res = await callRoute(membersRoute, { query: { q: 'pager-', limit: '2', ...(cursor ? { cursor } : {}) }, as: admin });
      expect(res.status).toBe(200);
      expect(res.text).not.toMatch(/password|hash|\$argon2/i);
      seen.push(...(res.json.items as { displayName: string }[]).map((m) => m.displayName));
      cursor = (res.json.nextCursor as string | null) ?? undefined;
    }
    expect(seen).toEqual(['Pager 4', 'Pager 3', 'Pager 2', 'Pager 1', 'Pager 0']);
    expect(cursor).toBeUndefined();
  });

  it('shows each state: active, banned, unverified', async () => {
    const admin = await createTestActor('admin');
    const banned = await createTestActor('member', { banned: true, email: 'state-banned@example.test' });
    const unverified = await createTestActor('member', { email: 'state-unverified@example.test' });
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unverified.id));
    const res = await callRoute(membersRoute, { query: { q: 'state-' }, as: admin });
    const states = Object.fromEntries((res.json.items as { id: string; state: string }[]).map((m) => [m.id, m.state]));
    expect(states).toEqual({ [banned.id]: 'banned', [unverified.id]: 'unverified' });
    const mine = await callRoute(membersRoute, { query: { q: admin.email }, as: admin });
    expect(mine.json.items).toEqual([
      {
        id: admin.id,
        displayName: admin.displayName,
        email: admin.email,
        avatarUrl: null,
        role: 'admin',
        state: 'active',
        joinedAt: expect.any(String),
      },
    ]);
  });

  it('refuses a forged cursor and a limit over 100', async () => {
    const admin = await createTestActor('admin');
    const forged = await callRoute(membersRoute, { query: { cursor: 'bm90LWEtY3Vyc29y' }, as: admin });
    expect(forged.status).toBe(422);
    expect(forged.json.error?.fields).toHaveProperty(['query.cursor']);
    expect((await callRoute(membersRoute, { query: { limit: '101' }, as: admin })).status).toBe(422);
  });
});

describe('roles', () => {
  it('changes a role, ends that person’s sessions, and audits before/after with the actor and IP', async () => {
    const admin = await createTestActor('admin');
    const target = await createTestActor('member');
    const res = await patchRole(admin, target.id, 'moderator');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: target.id, role: 'moderator', state: 'active' });
    expect(await sessionCount(target.id)).toBe(0);
    expect((await callRoute(meRoute, { as: target })).status).toBe(401);
    expect(await sessionCount(admin.id)).toBe(1);
    const [event] = await auditFor(target.id);
    expect(event).toMatchObject({
      action: 'member.role_changed',
      actorId: admin.id,
      actorLabel: admin.displayName,
      targetType: 'user',
      before: { role: 'member' },
      after: { role: 'moderator' },
    });
    expect(event!.ip).toMatch(/127\.0\.0\.1/);
  });

  it('treats setting the same role as no change (no audit, sessions kept)', async () => {
    const admin = await createTestActor('admin');
    const target = await createTestActor('moderator');
    expect((await patchRole(admin, target.id, 'moderator')).status).toBe(200);
    expect(await auditFor(target.id)).toEqual([]);
    expect(await sessionCount(target.id)).toBe(1);
  });

  it('refuses an unknown role (422), an unknown or malformed id (404)', async () => {
    const admin = await createTestActor('admin');
    const target = await createTestActor('member');
    const bad = await patchRole(admin, target.id, 'owner');
    expect(bad.status).toBe(422);
    expect(bad.json.error?.fields).toHaveProperty('role');
    expect((await patchRole(admin, '00000000-0000-4000-8000-000000000000', 'member')).status).toBe(404);
    expect((await patchRole(admin, 'not-a-uuid', 'member')).status).toBe(404);
  });

  it('never demotes the last active admin: 409 LAST_ADMIN', async () => {
    const admin = await createTestActor('admin');
    await onlyAdmins(admin);
    const res = await patchRole(admin, admin.id, 'member');
    expect(res.status).toBe(409);
    expect(res.json.error?.code).toBe('LAST_ADMIN');
    expect(await countActiveAdmins(db())).toBe(1);
    // A banned admin does not count: with one other active admin, demoting oneself is fine.
    const other = await createTestActor('admin');
    const bannedAdmin = await createTestActor('admin', { banned: true });
    expect(await countActiveAdmins(db())).toBe(2);
    expect((await patchRole(admin, admin.id, 'moderator')).status).toBe(200);
    expect((await patchRole(other, other.id, 'member')).json.error?.code).toBe('LAST_ADMIN');
    expect(bannedAdmin.role).toBe('admin');
  });

  it('two admins demoting each other at once leave exactly one admin', async () => {
    const a = await createTestActor('admin');
    const b = await createTestActor('admin');
    await onlyAdmins(a, b);
    const results = await Promise.all([patchRole(a, b.id, 'member'), patchRole(b, a.id, 'member')]);
    const statuses = results.map((r) => r.status).sort((x, y) => x - y);
    expect(statuses[0]).toBe(200);
    // The loser is refused by the lock (409), or, when it starts after the winner committed,
    // arrives without a session (401) or as a member (403).
    expect([401, 403, 409]).toContain(statuses[1]);
    expect(await countActiveAdmins(db())).toBe(1);
  });

  it('the lock holds for two demotions that both passed the policy (service level)', async () => {
    const a = await createTestActor('admin');
    const b = await createTestActor('admin');
    await onlyAdmins(a, b);
    const settled = await Promise.allSettled([
      changeMemberRole({ id: a.id, role: 'admin', displayName: 'A' }, b.id, 'member', '127.0.0.1'),
      changeMemberRole({ id: b.id, role: 'admin', displayName: 'B' }, a.id, 'moderator', '127.0.0.1'),
    ]);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    const rejected = settled.find((s) => s.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(AppError);
    expect((rejected.reason as AppError).code).toBe('LAST_ADMIN');
    expect(await countActiveAdmins(db())).toBe(1);
  });
});

describe('bans', () => {
  it('bans: ends every session, refuses sign-in with ACCOUNT_BANNED, audits; unban lets them back', async () => {
    const moderator = await createTestActor('moderator');
    const target = await createTestActor('member');
    await createSecondSession(target);
    expect(await sessionCount(target.id)).toBe(2);

    const res = await ban(moderator, target.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: target.id, state: 'banned' });
    expect(await sessionCount(target.id)).toBe(0);
    expect((await callRoute(meRoute, { as: target })).status).toBe(401);
    const refused = await signIn(target);
    expect(refused.status).toBe(403);
    expect(refused.json.error?.code).toBe('ACCOUNT_BANNED');

    const lifted = await unban(moderator, target.id);
    expect(lifted.status).toBe(200);
    expect(lifted.json).toMatchObject({ state: 'active' });
    expect((await signIn(target)).status).toBe(200);

    const events = await auditFor(target.id);
    expect(events.map((e) => [e.action, e.before, e.after, e.actorId])).toEqual([
      ['member.unbanned', { state: 'banned' }, { state: 'active' }, moderator.id],
      ['member.banned', { state: 'active' }, { state: 'banned' }, moderator.id],
    ]);
    expect(events.every((e) => /127\.0\.0\.1/.test(e.ip ?? ''))).toBe(true);
  });

  it('banning twice or unbanning someone not banned changes nothing', async () => {
    const admin = await createTestActor('admin');
    const target = await createTestActor('member');
    expect((await unban(admin, target.id)).status).toBe(200);
    expect((await ban(admin, target.id)).status).toBe(200);
    expect((await ban(admin, target.id)).status).toBe(200);
    expect((await auditFor(target.id)).map((e) => e.action)).toEqual(['member.banned']);
  });

  it('moderators ban and unban members only, not other moderators or admins; admins anyone; nobody themselves', async () => {
    const moderator = await createTestActor('moderator');
    const admin = await createTestActor('admin');
    const otherModerator = await createTestActor('moderator');
    const onModerator = await ban(moderator, otherModerator.id);
    expect(onModerator.status).toBe(403);
    expect(onModerator.json.error).toMatchObject({ code: 'FORBIDDEN', message: 'Only admins can ban a moderator.' });
    expect(await sessionCount(otherModerator.id)).toBe(1);
    const onAdmin = await ban(moderator, admin.id);
    expect(onAdmin.status).toBe(403);
    expect(onAdmin.json.error).toMatchObject({ code: 'FORBIDDEN', message: 'Only admins can ban an admin.' });
    const bannedModerator = await createTestActor('moderator', { banned: true });
    expect((await unban(moderator, bannedModerator.id)).status).toBe(403);
    expect((await ban(admin, otherModerator.id)).status).toBe(200);
    expect((await unban(admin, otherModerator.id)).status).toBe(200);
    expect((await auditFor(otherModerator.id)).map((e) => [e.action, e.actorId])).toEqual([
      ['member.unbanned', admin.id],
      ['member.banned', admin.id],
    ]);
    expect((await ban(moderator, moderator.id)).status).toBe(403);
    const self = await ban(admin, admin.id);
    expect(self.status).toBe(403);
    expect(self.json.error?.message).toMatch(/yourself/);
    expect((await ban(admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('decides on the person as they are now: a member promoted since the list was read cannot be banned by a moderator', async () => {
    const moderator = await createTestActor('moderator');
    const target = await createTestActor('member');
    await db().update(users).set({ role: 'moderator' }).where(eq(users.id, target.id));
    await expect(
      banMember({ id: moderator.id, role: 'moderator', displayName: moderator.displayName }, target.id, '127.0.0.1'),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const [row] = await db()
      .select()
      .from(users)
      .where(and(eq(users.id, target.id), isNull(users.bannedAt)));
    expect(row).toBeDefined();
  });

  it('an admin bans another admin while one remains; two admins banning each other at once leave one', async () => {
    const a = await createTestActor('admin');
    const b = await createTestActor('admin');
    await onlyAdmins(a, b);
    const results = await Promise.all([ban(a, b.id), ban(b, a.id)]);
    const statuses = results.map((r) => r.status).sort((x, y) => x - y);
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    expect(await countActiveAdmins(db())).toBe(1);
  });

  it('never bans the last active admin: 409 LAST_ADMIN, even for an actor whose admin role went away meanwhile', async () => {
    const a = await createTestActor('admin');
    const b = await createTestActor('admin');
    await onlyAdmins(a, b);
    // A was resolved as an admin, then demoted before the ban runs: B is now the last admin.
    await db().update(users).set({ role: 'member' }).where(eq(users.id, a.id));
    await expect(banMember({ id: a.id, role: 'admin', displayName: 'A' }, b.id, '127.0.0.1')).rejects.toMatchObject({ code: 'LAST_ADMIN' });
    const [row] = await db()
      .select()
      .from(users)
      .where(and(eq(users.id, b.id), isNull(users.bannedAt)));
    expect(row).toBeDefined();
  });
});

describe('marking an address confirmed', () => {
  it('an admin confirms an unconfirmed member, who keeps their password; audited once, idempotent', async () => {
    const admin = await createTestActor('admin');
    const target = await createTestActor('member', { email: 'unconfirmed-person@example.test' });
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, target.id));
    const res = await callRoute(memberVerifyRoute, { method: 'POST', params: { id: target.id }, as: admin });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: target.id, state: 'active' });
    expect((await signIn(target)).status).toBe(200);
    expect((await callRoute(memberVerifyRoute, { method: 'POST', params: { id: target.id }, as: admin })).status).toBe(200);
    const events = await auditFor(target.id);
    expect(events.map((e) => [e.action, e.before, e.after, e.actorId])).toEqual([
      ['member.email_verified', { emailVerified: false }, { emailVerified: true }, admin.id],
    ]);
    expect(events[0]!.ip).toMatch(/127\.0\.0\.1/);
  });

  it('lets the person in where a confirmed email is required', async () => {
    const admin = await createTestActor('admin');
    await db().update(workspaceSettings).set({ emailConfirmation: 'required' });
    try {
      const target = await createTestActor('member');
      await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, target.id));
      expect((await signIn(target)).status).toBe(403);
      await callRoute(memberVerifyRoute, { method: 'POST', params: { id: target.id }, as: admin });
      expect((await signIn(target)).status).toBe(200);
    } finally {
      await db().update(workspaceSettings).set({ emailConfirmation: 'auto' });
    }
  });

  it('an unknown or malformed id is 404', async () => {
    const admin = await createTestActor('admin');
    expect(
      (await callRoute(memberVerifyRoute, { method: 'POST', params: { id: '00000000-0000-4000-8000-000000000000' }, as: admin })).status,
    ).toBe(404);
    expect((await callRoute(memberVerifyRoute, { method: 'POST', params: { id: 'nope' }, as: admin })).status).toBe(404);
  });
});

describe('invitations', () => {
  it('emails a working invite: signing up with it creates the account with the role, verified and signed in', async () => {
    const admin = await createTestActor('admin');
    const email = 'Invited.Person@Example.test';
    const res = await callRoute(invitationsRoute, { method: 'POST', body: { email, role: 'moderator' }, as: admin });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ email: 'invited.person@example.test', role: 'moderator' });

    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'invited.person@example.test'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail?.kind).toBe('invite');
    expect(mail!.subject).toContain(admin.displayName);
    const token = /\/signup\?invite=([A-Za-z0-9_-]+)/.exec(mail!.payload.text)?.[1];
    expect(token).toBeTruthy();
    // The answer carries the emailed link, for whoever invited to pass on (its one appearance: below, only a hash is stored).
    expect(res.json.link).toMatch(new RegExp(`/signup\\?invite=${token}$`));
    const [stored] = await db()
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(token!)));
    expect(stored).toMatchObject({
      kind: 'invite',
      email: 'invited.person@example.test',
      data: { role: 'moderator', invitationId: res.json.id, invitedBy: admin.id },
    });
    expect(await db().select().from(authTokens).where(eq(authTokens.tokenHash, token!))).toEqual([]);

    const [event] = await auditFor('invited.person@example.test');
    expect(event).toMatchObject({
      action: 'member.invited',
      actorId: admin.id,
      after: { email: 'invited.person@example.test', role: 'moderator' },
    });

    const up = await callRoute(signUpRoute, {
      method: 'POST',
      body: { email, displayName: 'Invited Person', password: 'a long password', inviteToken: token },
    });
    expect(up.status).toBe(201);
    const cookie = up.headers.get('set-cookie')!.split(';')[0]!;
    const me = await callRoute(meRoute, { as: { cookie } });
    expect(me.json).toMatchObject({ email: 'invited.person@example.test', role: 'moderator', emailVerified: true });
  });

  it('refuses to invite an existing account (409 with the field) and a bad address (422)', async () => {
    const admin = await createTestActor('admin');
    const existing = await createTestActor('member');
    const taken = await callRoute(invitationsRoute, { method: 'POST', body: { email: existing.email, role: 'member' }, as: admin });
    expect(taken.status).toBe(409);
    expect(taken.json.error?.fields).toHaveProperty('email');
    const bad = await callRoute(invitationsRoute, { method: 'POST', body: { email: 'not an email', role: 'member' }, as: admin });
    expect(bad.status).toBe(422);
    expect(bad.json.error?.fields).toHaveProperty('email');
  });
});

describe('the audit log API', () => {
  it('lists newest first with before/after, pages by cursor, and names user targets', async () => {
    const admin = await createTestActor('admin');
    const target = await createTestActor('member', { displayName: 'Audited Person' });
    await patchRole(admin, target.id, 'moderator');
    await patchRole(admin, target.id, 'member');
    await ban(admin, target.id);
    const first = await callRoute(auditRoute, { query: { limit: '2' }, as: admin });
    expect(first.status).toBe(200);
    const items = first.json.items as {
      id: number;
      action: string;
      before: unknown;
      after: unknown;
      actor: { label: string };
      target: { label: string };
    }[];
    expect(items.map((i) => i.action)).toEqual(['member.banned', 'member.role_changed']);
    expect(items[1]).toMatchObject({
      before: { role: 'moderator' },
      after: { role: 'member' },
      actor: { label: admin.displayName },
      target: { label: 'Audited Person' },
    });
    const second = await callRoute(auditRoute, { query: { limit: '2', cursor: String(first.json.nextCursor) }, as: admin });
    const next = second.json.items as { id: number; action: string; before: unknown }[];
    expect(next[0]).toMatchObject({ action: 'member.role_changed', before: { role: 'member' } });
    expect(next[0]!.id).toBeLessThan(items[1]!.id);
    expect((await callRoute(auditRoute, { query: { cursor: 'abc' }, as: admin })).status).toBe(422);
  });
});

/** Signs the person in once more (a second device), so "ends every session" means more than one. */
async function createSecondSession(who: TestActor) {
  expect((await signIn(who)).status).toBe(200);
}

import { and, desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { auditEvents, authTokens, comments, outbox, rateLimits, sessions, users, votes } from '@/server/db/schema';
import { insertBoard, insertPost } from '@/test/content';
import { createRoleActors, createTestActor, TEST_PASSWORD, type TestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute, type RouteHandler } from '@/test/http';
import { createSession } from '@/server/identity/sessions';
import { sessionCookieName } from '@/server/identity/cookies';
import { signInRoute, verifyEmailRoute } from './handlers';
import { changeEmailRoute, changePasswordRoute, exportRoute, localeRoute, meRoute } from './me-handlers';

useTestDatabase();

// Every call comes from 127.0.0.1: each test starts with fresh rate-limit windows.
beforeEach(async () => {
  await db().delete(rateLimits);
});

/** A second signed-in session of the same user, as another browser would hold. */
async function anotherSession(actor: TestActor): Promise<{ cookie: string }> {
  return { cookie: `${sessionCookieName()}=${await createSession(actor.id)}` };
}

async function lastEmailTo(email: string, kind?: string) {
  const rows = await db().select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id));
  return rows.find((r) => !kind || r.kind === kind);
}

async function auditActions(userId: string) {
  const rows = await db().select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.targetId, userId));
  return rows.map((r) => r.action);
}

const tokenIn = (text: string) => /\/verify-email\?token=([A-Za-z0-9_-]+)&change=1/.exec(text)?.[1];

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

const ROUTES: { name: string; handler: RouteHandler; method: string; body?: (a: TestActor) => unknown; ok: number }[] = [
  { name: 'GET /me', handler: meRoute, method: 'GET', ok: 200 },
  { name: 'PATCH /me', handler: meRoute, method: 'PATCH', body: () => ({ displayName: 'Renamed' }), ok: 200 },
  {
    name: 'POST /me/password',
    handler: changePasswordRoute,
    method: 'POST',
    body: (a) => ({ currentPassword: a.password, newPassword: 'a new password 123' }),
    ok: 200,
  },
  {
    name: 'POST /me/email',
    handler: changeEmailRoute,
    method: 'POST',
    body: (a) => ({ email: `new-${a.id}@example.test`, password: a.password }),
    ok: 202,
  },
  { name: 'GET /me/export', handler: exportRoute, method: 'GET', ok: 200 },
  { name: 'PUT /me/locale', handler: localeRoute, method: 'PUT', body: () => ({ locale: 'de' }), ok: 200 },
  { name: 'DELETE /me', handler: meRoute, method: 'DELETE', body: () => ({ confirm: 'DELETE' }), ok: 204 },
];

describe('own account: who may call', () => {
  for (const r of ROUTES) {
    it(`${r.name}: 401 for a visitor; allowed for member, moderator and admin`, async () => {
      const visitor = await callRoute(r.handler, { method: r.method, body: r.body?.({ password: 'x', id: 'v' } as TestActor) });
      expect(visitor.status).toBe(401);
      expect(visitor.json.error?.code).toBe('UNAUTHENTICATED');
      // Two admins, so that the admin may delete their account (one admin must remain).
      await createTestActor('admin');
      const { member, moderator, admin } = await createRoleActors();
      for (const actor of [member, moderator, admin]) {
        const res = await callRoute(r.handler, { method: r.method, body: r.body?.(actor), as: actor });
        expect(res.status, `${r.name} as ${actor.role}: ${res.text}`).toBe(r.ok);
      }
    });
  }

  it('refuses a cross-origin DELETE /me, and the account stays', async () => {
    const member = await createTestActor('member');
    const res = await callRoute(meRoute, { method: 'DELETE', body: { confirm: 'DELETE' }, as: member, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.json.error?.code).toBe('FORBIDDEN');
    expect((await callRoute(meRoute, { as: member })).status).toBe(200);
  });

  it('answers other methods with 405 and Allow', async () => {
    const member = await createTestActor('member');
    const res = await callRoute(exportRoute, { method: 'POST', as: member });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('profile', () => {
  it('changes the display name and avatar link, trimmed, and records it', async () => {
    const member = await createTestActor('member');
    const res = await callRoute(meRoute, {
      method: 'PATCH',
      as: member,
      body: { displayName: '  Ada Lovelace ', avatarUrl: 'https://images.example.com/ada.png' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ displayName: 'Ada Lovelace', avatarUrl: 'https://images.example.com/ada.png', email: member.email });
    expect((await callRoute(meRoute, { as: member })).json).toMatchObject({ displayName: 'Ada Lovelace' });
    expect(await auditActions(member.id)).toContain('user.profile_updated');

    const cleared = await callRoute(meRoute, { method: 'PATCH', as: member, body: { displayName: 'Ada', avatarUrl: '' } });
    expect(cleared.json).toMatchObject({ displayName: 'Ada', avatarUrl: null });
    // Without avatarUrl the picture is left alone.
    await callRoute(meRoute, { method: 'PATCH', as: member, body: { displayName: 'Ada', avatarUrl: 'https://images.example.com/a.png' } });
    expect((await callRoute(meRoute, { method: 'PATCH', as: member, body: { displayName: 'Ada L' } })).json).toMatchObject({
      avatarUrl: 'https://images.example.com/a.png',
    });
  });

  it('validates with field errors (422)', async () => {
    const member = await createTestActor('member');
    const cases: [unknown, string][] = [
      [{ displayName: '' }, 'displayName'],
      [{ displayName: 'x'.repeat(51) }, 'displayName'],
      [{ displayName: 'Bad\u0007name' }, 'displayName'],
      [{ displayName: 'Ok', avatarUrl: 'http://images.example.com/a.png' }, 'avatarUrl'],
      [{ displayName: 'Ok', avatarUrl: 'javascript:alert(1)' }, 'avatarUrl'],
      [{ displayName: 'Ok', avatarUrl: 'https://127.0.0.1/a.png' }, 'avatarUrl'],
      [{ displayName: 'Ok', avatarUrl: `https://example.com/${'a'.repeat(500)}` }, 'avatarUrl'],
      [{}, 'displayName'],
    ];
    for (const [body, field] of cases) {
      const res = await callRoute(meRoute, { method: 'PATCH', as: member, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.error?.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json.error?.fields ?? {})).toContain(field);
    }
  });
});

describe('language setting', () => {
  const storedLocale = async (id: string) => (await db().select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]?.locale;

  it("sets the language of one's pages and emails, and null clears it", async () => {
    const member = await createTestActor('member');
    const other = await createTestActor('member');
    const set = await callRoute(localeRoute, { method: 'PUT', as: member, body: { locale: 'ar' } });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ locale: 'ar' });
    expect(await storedLocale(member.id)).toBe('ar');
    expect((await callRoute(meRoute, { as: member })).json.locale).toBe('ar');
    // Only one's own account changes.
    expect(await storedLocale(other.id)).toBeNull();
    const cleared = await callRoute(localeRoute, { method: 'PUT', as: member, body: { locale: null } });
    expect(cleared.json).toEqual({ locale: null });
    expect(await storedLocale(member.id)).toBeNull();
  });

  it('refuses a language Chorus does not speak, and a cross-origin change', async () => {
    const member = await createTestActor('member');
    for (const body of [{ locale: 'xx' }, { locale: 'pt' }, { locale: 'EN' }, {}]) {
      const res = await callRoute(localeRoute, { method: 'PUT', as: member, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json.error?.fields ?? {})).toContain('locale');
    }
    const forged = await callRoute(localeRoute, { method: 'PUT', as: member, body: { locale: 'fr' }, origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(await storedLocale(member.id)).toBeNull();
  });
});

describe('password change', () => {
  it('sets the new password, ends every other session, keeps this one, and records it', async () => {
    const member = await createTestActor('member');
    const other = await anotherSession(member);
    expect((await callRoute(meRoute, { as: other })).status).toBe(200);

    const res = await callRoute(changePasswordRoute, {
      method: 'POST',
      as: member,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new password' },
    });
    expect(res.status).toBe(200);
    expect((await callRoute(meRoute, { as: member })).status).toBe(200);
    expect((await callRoute(meRoute, { as: other })).status).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(1);
    expect(await auditActions(member.id)).toContain('user.password_changed');

    const stored = (await db().select({ h: users.passwordHash }).from(users).where(eq(users.id, member.id)))[0]!.h!;
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(stored).not.toContain('a brand new password');
    const old = await callRoute(signInRoute, { method: 'POST', body: { email: member.email, password: TEST_PASSWORD } });
    expect(old.status).toBe(401);
    const fresh = await callRoute(signInRoute, { method: 'POST', body: { email: member.email, password: 'a brand new password' } });
    expect(fresh.status).toBe(200);
  });

  it('a wrong current password is a field error (422) and changes nothing', async () => {
    const member = await createTestActor('member');
    const other = await anotherSession(member);
    const res = await callRoute(changePasswordRoute, {
      method: 'POST',
      as: member,
      body: { currentPassword: 'not my password', newPassword: 'a brand new password' },
    });
    expect(res.status).toBe(422);
    expect(res.json.error?.code).toBe('VALIDATION_FAILED');
    expect(res.json.error?.fields).toEqual({ currentPassword: 'That is not your current password' });
    expect((await callRoute(meRoute, { as: other })).status).toBe(200);
    expect((await callRoute(signInRoute, { method: 'POST', body: { email: member.email, password: TEST_PASSWORD } })).status).toBe(200);
  });

  it('validates the new password (10–128 characters)', async () => {
    const member = await createTestActor('member');
    for (const newPassword of ['short', 'x'.repeat(129)]) {
      const res = await callRoute(changePasswordRoute, {
        method: 'POST',
        as: member,
        body: { currentPassword: TEST_PASSWORD, newPassword },
      });
      expect(res.status).toBe(422);
      expect(res.json.error?.fields).toHaveProperty('newPassword');
    }
    const missing = await callRoute(changePasswordRoute, { method: 'POST', as: member, body: { newPassword: 'a long enough one' } });
    expect(missing.json.error?.fields).toHaveProperty('currentPassword');
  });

  it('limits guessing the current password', async () => {
    const member = await createTestActor('member');
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (
        await callRoute(changePasswordRoute, {
          method: 'POST',
          as: member,
          body: { currentPassword: `guess ${i}`, newPassword: 'a brand new password' },
        })
      ).status;
    }
    expect(last).toBe(429);
  });
});

describe('email change', () => {
  it('emails a link to the new address, keeps the old one until it is followed, then switches and tells the old address', async () => {
    const member = await createTestActor('member');
    const res = await callRoute(changeEmailRoute, {
      method: 'POST',
      as: member,
      body: { email: ' New.Address@Example.test ', password: TEST_PASSWORD },
    });
    expect(res.status).toBe(202);
    // The tests run without SMTP: the link waits in the outbox, and the answer says so.
    expect(res.json).toEqual({ status: 'ask-admin', pendingEmail: 'new.address@example.test' });
    expect((await callRoute(meRoute, { as: member })).json).toMatchObject({ email: member.email });

    const mail = await lastEmailTo('new.address@example.test', 'change_email');
    expect(mail).toBeDefined();
    const token = tokenIn(mail!.payload.text);
    expect(token).toBeTruthy();
    expect(await lastEmailTo(member.email, 'change_email')).toBeUndefined();

    const verified = await callRoute(verifyEmailRoute, { method: 'POST', body: { token } });
    expect(verified.status).toBe(200);
    expect((await callRoute(meRoute, { as: member })).json).toMatchObject({ email: 'new.address@example.test', emailVerified: true });
    expect((await lastEmailTo(member.email, 'email_changed'))?.kind).toBe('email_changed');
    expect(
      (await callRoute(signInRoute, { method: 'POST', body: { email: 'new.address@example.test', password: TEST_PASSWORD } })).status,
    ).toBe(200);
    expect((await callRoute(verifyEmailRoute, { method: 'POST', body: { token } })).status).toBe(410);
  });

  it('answers the same for an address another account uses; the conflict shows only when the link is followed', async () => {
    const member = await createTestActor('member');
    const taken = await createTestActor('member');
    const free = await callRoute(changeEmailRoute, {
      method: 'POST',
      as: member,
      body: { email: 'free-address@example.test', password: TEST_PASSWORD },
    });
    const busy = await callRoute(changeEmailRoute, { method: 'POST', as: member, body: { email: taken.email, password: TEST_PASSWORD } });
    expect(busy.status).toBe(free.status);
    expect(Object.keys(busy.json)).toEqual(Object.keys(free.json));

    const token = tokenIn((await lastEmailTo(taken.email, 'change_email'))!.payload.text);
    const followed = await callRoute(verifyEmailRoute, { method: 'POST', body: { token } });
    expect(followed.status).toBe(409);
    expect(followed.json.error?.code).toBe('CONFLICT');
    expect((await callRoute(meRoute, { as: member })).json).toMatchObject({ email: member.email });
    expect((await callRoute(meRoute, { as: taken })).json).toMatchObject({ email: taken.email });
  });

  it('only the newest link works', async () => {
    const member = await createTestActor('member');
    await callRoute(changeEmailRoute, { method: 'POST', as: member, body: { email: 'first@example.test', password: TEST_PASSWORD } });
    await callRoute(changeEmailRoute, { method: 'POST', as: member, body: { email: 'second@example.test', password: TEST_PASSWORD } });
    const first = tokenIn((await lastEmailTo('first@example.test', 'change_email'))!.payload.text);
    expect((await callRoute(verifyEmailRoute, { method: 'POST', body: { token: first } })).status).toBe(410);
    const second = tokenIn((await lastEmailTo('second@example.test', 'change_email'))!.payload.text);
    expect((await callRoute(verifyEmailRoute, { method: 'POST', body: { token: second } })).status).toBe(200);
  });

  it('needs the right password and a different, valid address', async () => {
    const member = await createTestActor('member');
    const wrong = await callRoute(changeEmailRoute, {
      method: 'POST',
      as: member,
      body: { email: 'x@example.test', password: 'not my password' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error?.fields).toEqual({ password: 'That is not your current password' });
    const same = await callRoute(changeEmailRoute, {
      method: 'POST',
      as: member,
      body: { email: member.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(same.status).toBe(422);
    expect(same.json.error?.fields).toHaveProperty('email');
    const invalid = await callRoute(changeEmailRoute, {
      method: 'POST',
      as: member,
      body: { email: 'not an email', password: TEST_PASSWORD },
    });
    expect(invalid.json.error?.fields).toHaveProperty('email');
    expect(
      await db()
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.userId, member.id), eq(authTokens.kind, 'change_email'))),
    ).toHaveLength(0);
  });
});

describe('data export', () => {
  it('downloads the profile, sessions, posts, comments and votes as a JSON attachment, with no secrets anywhere', async () => {
    const member = await createTestActor('member', { displayName: 'Export Me' });
    const board = await insertBoard({ slug: `export-${Date.now().toString(36)}` });
    const post = await insertPost(board.id, { authorId: member.id, title: 'My exported idea' });
    await db().insert(votes).values({ postId: post.id, userId: member.id });
    await db().insert(comments).values({ postId: post.id, authorId: member.id, body: 'My exported comment' });
    await anotherSession(member);
    const res = await callRoute(exportRoute, { as: member });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="chorus-account-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toMatchObject({
      profile: { id: member.id, email: member.email, displayName: 'Export Me', role: 'member' },
      posts: [{ number: post.number, title: 'My exported idea', deletedAt: null }],
      comments: [{ postNumber: post.number, body: 'My exported comment', internal: false }],
      votes: [{ postNumber: post.number, castOnYourBehalf: false }],
    });
    const exported = res.json as unknown as { sessions: { current: boolean; createdAt: string }[] };
    expect(exported.sessions).toHaveLength(2);
    expect(exported.sessions.filter((s) => s.current)).toHaveLength(1);

    const keys = keysOf(res.json).map((k) => k.toLowerCase());
    for (const secret of ['passwordhash', 'password_hash', 'tokenhash', 'token_hash', 'password', 'token'])
      expect(keys).not.toContain(secret);
    const token = member.cookie.split('=')[1]!;
    expect(res.text).not.toContain(token);
    const hashes = await db().select({ h: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, member.id));
    for (const { h } of hashes) expect(res.text).not.toContain(h);
    expect(res.text).not.toContain('$argon2');
  });
});

describe('account deletion', () => {
  it('erases personal data, keeps the row, ends every session and link, clears the cookie, and the person cannot sign in again', async () => {
    const member = await createTestActor('member', { displayName: 'Leaving Person' });
    await db()
      .update(users)
      .set({ externalId: `crm-${member.id}` })
      .where(eq(users.id, member.id));
    const other = await anotherSession(member);
    await callRoute(changeEmailRoute, { method: 'POST', as: member, body: { email: 'pending@example.test', password: TEST_PASSWORD } });
    await callRoute(meRoute, {
      method: 'PATCH',
      as: member,
      body: { displayName: 'Leaving Person', avatarUrl: 'https://images.example.com/me.png' },
    });

    const res = await callRoute(meRoute, { method: 'DELETE', as: member, body: { confirm: 'DELETE' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=0/i);

    const [row] = await db().select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({
      email: `deleted-${member.id}@deleted.invalid`,
      displayName: 'Deleted user',
      avatarUrl: null,
      passwordHash: null,
      externalId: null,
      notificationPrefs: {},
    });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(await db().select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);
    expect(await db().select().from(authTokens).where(eq(authTokens.userId, member.id))).toHaveLength(0);
    expect((await callRoute(meRoute, { as: member })).status).toBe(401);
    expect((await callRoute(meRoute, { as: other })).status).toBe(401);

    const audit = await db().select().from(auditEvents).where(eq(auditEvents.actorId, member.id));
    expect(audit.map((a) => a.action)).toContain('user.deleted');
    expect(audit.map((a) => a.actorLabel)).not.toContain('Leaving Person');
    const aboutThem = await db().select().from(auditEvents).where(eq(auditEvents.targetId, member.id));
    expect(JSON.stringify([...audit, ...aboutThem])).not.toContain('Leaving Person');
    expect(JSON.stringify(aboutThem)).not.toContain('pending@example.test');

    const again = await callRoute(signInRoute, { method: 'POST', body: { email: member.email, password: TEST_PASSWORD } });
    expect(again.status).toBe(401);
    expect(again.json.error?.code).toBe('INVALID_CREDENTIALS');
  });

  it('needs DELETE typed to confirm', async () => {
    const member = await createTestActor('member');
    expect((await callRoute(meRoute, { method: 'DELETE', as: member })).status).toBe(422);
    for (const body of [{}, { confirm: 'delete' }]) {
      const res = await callRoute(meRoute, { method: 'DELETE', as: member, body });
      expect(res.status).toBe(422);
      expect(res.json.error?.fields).toEqual({ confirm: 'Type DELETE to confirm' });
    }
    expect((await callRoute(meRoute, { as: member })).status).toBe(200);
  });

  it('refuses the last admin (409 LAST_ADMIN), and lets an admin go once another remains', async () => {
    // This file's database holds admins from other tests; retire them so `admin` is the only one.
    await db().update(users).set({ role: 'member' }).where(eq(users.role, 'admin'));
    const admin = await createTestActor('admin');
    const res = await callRoute(meRoute, { method: 'DELETE', as: admin, body: { confirm: 'DELETE' } });
    expect(res.status).toBe(409);
    expect(res.json.error?.code).toBe('LAST_ADMIN');
    expect((await callRoute(meRoute, { as: admin })).status).toBe(200);

    // A banned admin cannot act, so does not count as the one who remains.
    await createTestActor('admin', { banned: true });
    expect((await callRoute(meRoute, { method: 'DELETE', as: admin, body: { confirm: 'DELETE' } })).status).toBe(409);

    await createTestActor('admin');
    expect((await callRoute(meRoute, { method: 'DELETE', as: admin, body: { confirm: 'DELETE' } })).status).toBe(204);
  });
});

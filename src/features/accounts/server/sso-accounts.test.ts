/**
 * Which account a single sign-on signs in to (sso-accounts.ts): linked subject first, then a
 * verified email only, then a new account under the sign-up policy. Modelled on pre-hijack.test.ts:
 * an address the provider does not vouch for never takes over an account.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { auditEvents, authTokens, rateLimits, sessions, ssoIdentities, ssoProviders, users, workspaceSettings } from '@/server/db/schema';
import { issueAuthToken } from '@/server/identity/tokens';
import { createTestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { signInRoute, signUpRoute } from './handlers';
import { exportRoute, meRoute } from './me-handlers';
import { accountForSso, displayNameFrom, SsoProblem, type SsoProfile } from './sso-accounts';

useTestDatabase();

beforeEach(async () => {
  await db().delete(rateLimits);
});
afterEach(async () => {
  await db().update(workspaceSettings).set({ signupPolicy: 'open', allowedDomains: [] });
});

const profile = (over: Partial<SsoProfile> & { email: string | null }): SsoProfile => ({
  subject: `sub-${Math.random().toString(36).slice(2)}`,
  emailVerified: true,
  name: 'Sam Provider',
  ...over,
});
const failureOf = async (work: Promise<unknown>) => {
  try {
    await work;
    return 'signed-in';
  } catch (err) {
    if (err instanceof SsoProblem) return err.failure;
    throw err;
  }
};
const userByEmail = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];
const identitiesOf = (userId: string) => db().select().from(ssoIdentities).where(eq(ssoIdentities.userId, userId));

describe('a new person', () => {
  it('gets a verified account without a password, linked to the subject', async () => {
    const p = profile({ email: 'New.Person@Example.test' });
    const id = await accountForSso('oidc', p, '127.0.0.1');
    const user = await userByEmail('new.person@example.test');
    expect(user).toMatchObject({ id, displayName: 'Sam Provider', passwordHash: null, role: 'member' });
    expect(user!.emailVerifiedAt).not.toBeNull();
    expect(await identitiesOf(id)).toMatchObject([{ provider: 'oidc', subject: p.subject }]);
    // Later sign-ins go by subject, even when the provider's address changed.
    expect(await accountForSso('oidc', { ...p, email: 'renamed@example.test' }, '127.0.0.1')).toBe(id);
  });

  it('with an address the provider has not verified, gets no account', async () => {
    expect(await failureOf(accountForSso('oidc', profile({ email: 'unverified.new@example.test', emailVerified: false }), '::1'))).toBe(
      'unverified',
    );
    expect(await userByEmail('unverified.new@example.test')).toBeUndefined();
  });

  it('without an address, gets no account', async () => {
    expect(await failureOf(accountForSso('github', profile({ email: null }), '::1'))).toBe('no_email');
  });
});

describe('an existing account', () => {
  it('is linked by a verified address; a password set by someone who never proved it is removed', async () => {
    const victim = 'sso.victim@example.test';
    // Someone signs up with the victim's address and a password of their own (not confirmed).
    const early = await callRoute(signUpRoute, {
      method: 'POST',
      body: { email: victim, displayName: 'Not the owner', password: 'attacker chose this' },
    });
    expect(early.status).toBe(201);
    const before = await userByEmail(victim);
    expect(before!.emailVerifiedAt).toBeNull();

    const id = await accountForSso('google', profile({ email: victim }), '127.0.0.1');
    expect(id).toBe(before!.id);
    const after = await userByEmail(victim);
    expect(after!.passwordHash).toBeNull();
    expect(after!.emailVerifiedAt).not.toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    expect((await callRoute(signInRoute, { method: 'POST', body: { email: victim, password: 'attacker chose this' } })).status).toBe(401);
    const actions = (await db().select().from(auditEvents).where(eq(auditEvents.targetId, id)).orderBy(desc(auditEvents.id))).map(
      (e) => e.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['user.unconfirmed_password_cleared', 'user.sso_linked']));
  });

  it('keeps its own password when it was confirmed already', async () => {
    const member = await createTestActor('member');
    await accountForSso('oidc', profile({ email: member.email }), '127.0.0.1');
    expect((await callRoute(signInRoute, { method: 'POST', body: { email: member.email, password: member.password } })).status).toBe(200);
  });

  it('is never taken over through an address the provider has not verified', async () => {
    const member = await createTestActor('member');
    const before = await userByEmail(member.email);
    expect(await failureOf(accountForSso('oidc', profile({ email: member.email, emailVerified: false }), '::1'))).toBe('unverified');
    expect(await identitiesOf(member.id)).toHaveLength(0);
    expect((await userByEmail(member.email))!.passwordHash).toBe(before!.passwordHash);
  });

  it('that is banned does not sign in', async () => {
    const banned = await createTestActor('member', { banned: true });
    expect(await failureOf(accountForSso('oidc', profile({ email: banned.email }), '::1'))).toBe('banned');
  });

  it('of an admin records that an admin signed in through the provider', async () => {
    await db().insert(ssoProviders).values({
      id: 'oidc',
      label: 'Corp',
      issuer: 'https://login.example.test',
      clientId: 'c',
      clientSecretSealed: 'x',
      scopes: 'openid',
    });
    const admin = await createTestActor('admin');
    await accountForSso('oidc', profile({ email: admin.email }), '::1');
    const [row] = await db().select().from(ssoProviders).where(eq(ssoProviders.id, 'oidc'));
    expect(row!.adminSignInAt).not.toBeNull();
  });
});

describe('the account export', () => {
  it('lists the providers linked to the account, without anything secret', async () => {
    const member = await createTestActor('member');
    await accountForSso('github', profile({ email: member.email, subject: '9001' }), '::1');
    const exported = await callRoute(exportRoute, { as: member });
    expect(exported.status).toBe(200);
    expect(exported.json.signInProviders).toEqual([
      { provider: 'github', subject: '9001', linkedAt: expect.any(String), lastSignInAt: expect.any(String) },
    ]);
  });
});

describe('a deleted account', () => {
  it('forgets its provider links, so the subject no longer signs in to it', async () => {
    const member = await createTestActor('member');
    const p = profile({ email: member.email });
    expect(await accountForSso('oidc', p, '::1')).toBe(member.id);
    const deleted = await callRoute(meRoute, { method: 'DELETE', body: { confirm: 'DELETE' }, as: member });
    expect(deleted.status).toBe(204);
    expect(await identitiesOf(member.id)).toHaveLength(0);
    expect(await accountForSso('oidc', p, '::1')).not.toBe(member.id);
  });
});

describe('the sign-up policy', () => {
  it('invite only: refused without an invitation; an invitation to the address lets in with its role', async () => {
    await db().update(workspaceSettings).set({ signupPolicy: 'invite_only' });
    expect(await failureOf(accountForSso('oidc', profile({ email: 'uninvited@example.test' }), '::1'))).toBe('not_allowed');
    expect(await userByEmail('uninvited@example.test')).toBeUndefined();

    await issueAuthToken(db(), 'invite', { userId: null, email: 'invited@example.test', data: { role: 'moderator' } });
    const id = await accountForSso('oidc', profile({ email: 'invited@example.test' }), '::1');
    expect((await userByEmail('invited@example.test'))!).toMatchObject({ id, role: 'moderator' });
    const [invite] = await db()
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.kind, 'invite'), eq(authTokens.email, 'invited@example.test')));
    expect(invite!.usedAt).not.toBeNull();
  });

  it('allowed domains: refused outside the list, admitted inside it', async () => {
    await db()
      .update(workspaceSettings)
      .set({ signupPolicy: 'domain_allowlist', allowedDomains: ['corp.test'] });
    expect(await failureOf(accountForSso('oidc', profile({ email: 'mallory@elsewhere.test' }), '::1'))).toBe('not_allowed');
    expect(await userByEmail('mallory@elsewhere.test')).toBeUndefined();
    expect(await failureOf(accountForSso('oidc', profile({ email: 'carol@corp.test' }), '::1'))).toBe('signed-in');
  });
});

describe('display names from providers', () => {
  it('keep SPEC.md §5: 1–50 characters, no control characters, the address when there is no name', () => {
    expect(displayNameFrom(profile({ email: 'x@y.test', name: 'A\u0000B\u007f' }), 'x@y.test')).toBe('AB');
    expect(displayNameFrom(profile({ email: 'x@y.test', name: null }), 'lin.chen@y.test')).toBe('lin.chen');
    expect(displayNameFrom(profile({ email: 'x@y.test', name: 'n'.repeat(80) }), 'x@y.test')).toHaveLength(50);
  });
});

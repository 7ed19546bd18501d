/**
 * Who an identify token signs in (docs/identify.md): linked by external id first, then by email,
 * or created without a password; never a team member, a banned account, or an account linked to
 * another external id; the address counts as confirmed (an unconfirmed password is dropped). And
 * the companies a token names, kept as records of their own; and the admins' secret routes.
 */
import { desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { eraseUser } from '@/features/accounts/server/profile-queries';
import { db } from '@/server/db/client';
import { auditEvents, companies, rateLimits, sessions, signingKeys, users } from '@/server/db/schema';
import { createTestActor } from '@/test/actors';
import { signTestIdentifyToken, installIdentifySecret } from '@/test/identify';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { identifyRoute, identifySecretRoute, identifySettingsRoute } from './handlers';
import { identifyFailureOf, identifyPerson } from './service';

useTestDatabase();

let secret: string;
beforeEach(async () => {
  await db().delete(rateLimits);
  secret = await installIdentifySecret();
});

const identify = async (claims: Record<string, unknown>) => identifyPerson(await signTestIdentifyToken(secret, claims));
async function refusal(claims: Record<string, unknown>): Promise<string | null> {
  try {
    await identify(claims);
    return null;
  } catch (err) {
    return identifyFailureOf(err);
  }
}
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const uniq = () => Math.random().toString(36).slice(2, 10);

describe('linking a person', () => {
  it('finds them by external id first, and takes the host’s new name, avatar and free address', async () => {
    const sub = `ext-${uniq()}`;
    const first = await identify({ sub, email: `old-${sub}@example.test`, name: 'First Name' });
    expect(first).toMatchObject({ created: true, linkedBy: 'new' });
    const again = await identify({ sub, email: `new-${sub}@example.test`, name: 'New Name', avatarUrl: 'https://cdn.example/a.png' });
    expect(again).toMatchObject({ created: false, linkedBy: 'external_id', user: { id: first.user.id } });
    expect(await userRow(first.user.id)).toMatchObject({
      email: `new-${sub}@example.test`,
      displayName: 'New Name',
      avatarUrl: 'https://cdn.example/a.png',
    });
  });

  it('prefers the external id over an address another account holds, and leaves that account alone', async () => {
    const sub = `ext-${uniq()}`;
    const mine = await identify({ sub, email: `mine-${sub}@example.test` });
    const other = await createTestActor('member', { email: `other-${sub}@example.test` });
    const again = await identify({ sub, email: other.email });
    expect(again.user.id).toBe(mine.user.id);
    expect((await userRow(mine.user.id)).email).toBe(`mine-${sub}@example.test`);
    expect((await userRow(other.id)).externalId).toBeNull();
  });

  it('then by email: an existing member is linked to the external id, their password kept', async () => {
    const member = await createTestActor('member');
    const before = await userRow(member.id);
    const linked = await identify({ sub: `ext-${uniq()}`, email: member.email.toUpperCase(), name: 'From Host' });
    expect(linked).toMatchObject({ created: false, linkedBy: 'email', user: { id: member.id } });
    const after = await userRow(member.id);
    expect(after.externalId).not.toBeNull();
    expect(after.passwordHash).toBe(before.passwordHash);
  });

  it('counts the host’s address as confirmed: an unconfirmed account’s password and sessions go', async () => {
    const squatter = await createTestActor('member', { unverified: true });
    expect(await db().select().from(sessions).where(eq(sessions.userId, squatter.id))).toHaveLength(1);
    await identify({ sub: `ext-${uniq()}`, email: squatter.email });
    const after = await userRow(squatter.id);
    expect(after.emailVerifiedAt).not.toBeNull();
    expect(after.passwordHash).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, squatter.id))).toHaveLength(0);
    const [audit] = await db().select().from(auditEvents).where(eq(auditEvents.targetId, squatter.id)).orderBy(desc(auditEvents.id));
    expect(audit!.action).toBe('user.unconfirmed_password_cleared');
  });

  it('never takes over an account linked to another external id', async () => {
    const email = `taken-${uniq()}@example.test`;
    const owner = await identify({ sub: `owner-${uniq()}`, email });
    expect(await refusal({ sub: `intruder-${uniq()}`, email })).toBe('email_conflict');
    expect((await userRow(owner.user.id)).externalId).toMatch(/^owner-/);
  });

  it('never signs in a team member or a banned account', async () => {
    const moderator = await createTestActor('moderator');
    const admin = await createTestActor('admin');
    const banned = await createTestActor('member', { banned: true });
    expect(await refusal({ sub: `m-${uniq()}`, email: moderator.email })).toBe('team_account');
    expect(await refusal({ sub: `a-${uniq()}`, email: admin.email })).toBe('team_account');
    expect(await refusal({ sub: `b-${uniq()}`, email: banned.email })).toBe('banned');
    const viaApi = await callRoute(identifyRoute, {
      method: 'POST',
      origin: 'self',
      body: { token: await signTestIdentifyToken(secret, { sub: `b2-${uniq()}`, email: banned.email }) },
    });
    expect(viaApi.status).toBe(403);
    expect(viaApi.json.error?.code).toBe('ACCOUNT_BANNED');
    const sub = `ban-later-${uniq()}`;
    const known = await identify({ sub, email: `${sub}@example.test` });
    await db().update(users).set({ bannedAt: new Date() }).where(eq(users.id, known.user.id));
    expect(await refusal({ sub, email: `${sub}@example.test` })).toBe('banned');
  });

  it('never brings a deleted account back: the person starts a new, empty one', async () => {
    const sub = `gone-${uniq()}`;
    const first = await identify({ sub, email: `${sub}@example.test` });
    await eraseUser(db(), first.user.id);
    const again = await identify({ sub, email: `${sub}@example.test` });
    expect(again.created).toBe(true);
    expect(again.user.id).not.toBe(first.user.id);
    expect((await userRow(first.user.id)).deletedAt).not.toBeNull();
  });
});

describe('companies', () => {
  const companyOf = async (userId: string) => {
    const { companyId } = await userRow(userId);
    return companyId ? (await db().select().from(companies).where(eq(companies.id, companyId)))[0] : undefined;
  };

  it('are created and updated from tokens, and kept when a token names none', async () => {
    const id = `acme-${uniq()}`;
    const sub = `c-${uniq()}`;
    const a = await identify({ sub, email: `${sub}@example.test`, company: { id, name: 'Acme', monthlySpend: 1234.5 } });
    expect(await companyOf(a.user.id)).toMatchObject({ externalId: id, name: 'Acme', monthlyRevenueCents: 123450 });
    const sub2 = `c-${uniq()}`;
    const b = await identify({ sub: sub2, email: `${sub2}@example.test`, company: { id, name: 'Acme Inc.', mrr: 2000 } });
    expect((await companyOf(b.user.id))!.id).toBe((await companyOf(a.user.id))!.id);
    expect(await companyOf(a.user.id)).toMatchObject({ name: 'Acme Inc.', monthlyRevenueCents: 200000 });
    await identify({ sub, email: `${sub}@example.test` });
    expect((await companyOf(a.user.id))?.externalId).toBe(id);
    await identify({ sub, email: `${sub}@example.test`, company: { id, name: 'Acme Inc.' } });
    expect((await companyOf(a.user.id))?.monthlyRevenueCents).toBe(200000);
    expect(await db().select().from(companies).where(eq(companies.externalId, id))).toHaveLength(1);
  });

  it('refuses a company without an id or a name, or with a negative revenue', async () => {
    expect(await refusal({ sub: `x-${uniq()}`, email: `x-${uniq()}@example.test`, company: { name: 'No id' } })).toBe('claims');
    expect(await refusal({ sub: `x-${uniq()}`, email: `x-${uniq()}@example.test`, company: { id: 'n' } })).toBe('claims');
    const negative = { id: `neg-${uniq()}`, name: 'Neg', mrr: -5 };
    expect(await refusal({ sub: `x-${uniq()}`, email: `x-${uniq()}@example.test`, company: negative })).toBe('claims');
  });
});

describe('the identify secret (admins)', () => {
  it('is created and replaced by admins only, shown once, and audited', async () => {
    await db().delete(signingKeys).where(eq(signingKeys.purpose, 'identify'));
    const admin = await createTestActor('admin');
    const member = await createTestActor('member');
    expect((await callRoute(identifySettingsRoute, { as: member })).status).toBe(403);
    expect((await callRoute(identifySecretRoute, { method: 'POST', as: member, origin: 'self' })).status).toBe(403);
    expect((await callRoute(identifySettingsRoute, {})).status).toBe(401);
    const moderator = await createTestActor('moderator');
    expect((await callRoute(identifySettingsRoute, { as: moderator })).status).toBe(403);
    expect((await callRoute(identifySecretRoute, { method: 'POST', as: moderator, origin: 'self' })).status).toBe(403);
    // Replacing the secret from another site (CSRF) is refused, and makes none.
    expect((await callRoute(identifySecretRoute, { method: 'POST', as: admin, origin: 'https://evil.example' })).status).toBe(403);
    expect(await db().select().from(signingKeys).where(eq(signingKeys.purpose, 'identify'))).toHaveLength(0);

    const empty = await callRoute(identifySettingsRoute, { as: admin });
    expect(empty.json).toMatchObject({ configured: false, createdAt: null, algorithm: 'HS256', maxLifetimeSeconds: 600 });
    const made = await callRoute(identifySecretRoute, { method: 'POST', as: admin, origin: 'self' });
    expect(made.status).toBe(200);
    expect(made.json.secret).toMatch(/^idsec_[A-Za-z0-9_-]{43}$/);
    const read = await callRoute(identifySettingsRoute, { as: admin });
    expect(read.json).toMatchObject({ configured: true });
    expect(read.text).not.toContain(String(made.json.secret));

    const token = await signTestIdentifyToken(String(made.json.secret), { sub: `r-${uniq()}`, email: `r-${uniq()}@example.test` });
    const rotated = await callRoute(identifySecretRoute, { method: 'POST', as: admin, origin: 'self' });
    expect(rotated.json.secret).not.toBe(made.json.secret);
    const refused = await callRoute(identifyRoute, { method: 'POST', origin: 'self', body: { token } });
    expect(refused.status).toBe(410);
    expect(refused.json.error?.message).toMatch(/signature/);

    const audits = await db().select().from(auditEvents).where(eq(auditEvents.action, 'workspace.identify_secret_rotated'));
    expect(audits.map((a) => a.before)).toEqual(expect.arrayContaining([{ configured: false }, { configured: true }]));
    expect(JSON.stringify(audits)).not.toContain(String(rotated.json.secret));
  });
});

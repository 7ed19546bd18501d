/** SQL of single sign-on: providers, the identities they link, and the password sign-in switch. */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { authTokens, ssoIdentities, ssoProviders, workspaceSettings } from '@/server/db/schema';
import type { SsoProviderId } from '../enums';

export type SsoProviderRow = typeof ssoProviders.$inferSelect;

export async function listSsoProviders(db: DbOrTx): Promise<SsoProviderRow[]> {
  return db.select().from(ssoProviders).orderBy(ssoProviders.id);
}

export async function getSsoProvider(db: DbOrTx, id: SsoProviderId): Promise<SsoProviderRow | undefined> {
  const rows = await db.select().from(ssoProviders).where(eq(ssoProviders.id, id)).limit(1);
  return rows[0];
}

export async function upsertSsoProvider(db: DbOrTx, row: Omit<SsoProviderRow, 'createdAt' | 'updatedAt' | 'adminSignInAt'>): Promise<void> {
  const { id: _id, ...rest } = row;
  await db
    .insert(ssoProviders)
    .values(row)
    .onConflictDoUpdate({ target: ssoProviders.id, set: { ...rest, updatedAt: new Date() } });
}

export async function deleteSsoProvider(db: DbOrTx, id: SsoProviderId): Promise<boolean> {
  const rows = await db.delete(ssoProviders).where(eq(ssoProviders.id, id)).returning({ id: ssoProviders.id });
  return rows.length > 0;
}

export async function markAdminSignIn(db: DbOrTx, id: SsoProviderId): Promise<void> {
  await db.update(ssoProviders).set({ adminSignInAt: new Date() }).where(eq(ssoProviders.id, id));
}

export async function getPasswordSignIn(db: DbOrTx, opts: { forUpdate?: boolean } = {}): Promise<boolean> {
  const q = db.select({ on: workspaceSettings.passwordSignIn }).from(workspaceSettings).where(eq(workspaceSettings.id, 1));
  const rows = await (opts.forUpdate ? q.for('update') : q);
  return rows[0]?.on ?? true;
}

export async function setPasswordSignIn(db: DbOrTx, on: boolean): Promise<void> {
  await db.update(workspaceSettings).set({ passwordSignIn: on, updatedAt: new Date() }).where(eq(workspaceSettings.id, 1));
}

/** Whether this account has signed in through a provider that is still enabled. */
export async function hasEnabledSsoIdentity(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(ssoIdentities)
    .innerJoin(ssoProviders, and(eq(ssoProviders.id, ssoIdentities.provider), eq(ssoProviders.enabled, true)))
    .where(eq(ssoIdentities.userId, userId))
    .limit(1);
  return rows.length > 0;
}

export async function getSsoIdentity(db: DbOrTx, provider: SsoProviderId, subject: string) {
  const rows = await db
    .select()
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.provider, provider), eq(ssoIdentities.subject, subject)))
    .limit(1);
  return rows[0];
}

export async function linkSsoIdentity(db: DbOrTx, provider: SsoProviderId, subject: string, userId: string): Promise<void> {
  await db
    .insert(ssoIdentities)
    .values({ provider, subject, userId })
    .onConflictDoUpdate({ target: [ssoIdentities.provider, ssoIdentities.subject], set: { userId, lastSignInAt: new Date() } });
}

export async function touchSsoIdentity(db: DbOrTx, provider: SsoProviderId, subject: string): Promise<void> {
  await db
    .update(ssoIdentities)
    .set({ lastSignInAt: new Date() })
    .where(and(eq(ssoIdentities.provider, provider), eq(ssoIdentities.subject, subject)));
}

/**
 * Uses up the newest pending invitation to this address (its emailed link proves nothing here:
 * the provider proved the address), and answers the role it grants, or null when there is none.
 */
export async function takeInvitationFor(db: DbOrTx, email: string): Promise<string | null> {
  const [invite] = await db
    .select({ tokenHash: authTokens.tokenHash, data: authTokens.data })
    .from(authTokens)
    .where(and(eq(authTokens.kind, 'invite'), eq(authTokens.email, email), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())))
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  if (!invite) return null;
  const used = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.tokenHash, invite.tokenHash), isNull(authTokens.usedAt)))
    .returning({ tokenHash: authTokens.tokenHash });
  if (used.length === 0) return null;
  return typeof invite.data.role === 'string' ? invite.data.role : 'member';
}

/** SQL for the member's own account (profile, email change, export, deletion). No HTTP here. */
import { endUserWidgetSessions } from '@/server/identity/widget-sessions';
import { DELETED_PERSON_NAME } from '@/core/identity/person';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { authTokens, sessions, ssoIdentities, users } from '@/server/db/schema';
import type { Locale } from '@/core/i18n/locales';

export async function updateUserProfile(db: DbOrTx, userId: string, changes: { displayName: string; avatarUrl?: string | null }) {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning();
  return row;
}

/** Sets the user's language (null: chosen per request); false when the account is gone. */
export async function updateUserLocale(db: DbOrTx, userId: string, locale: Locale | null): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ locale, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Whether the user has a password (accounts can also sign in by emailed links only). */
export async function userHasPassword(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ has: sql<boolean>`${users.passwordHash} is not null` })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(rows[0]?.has);
}

export async function setUserPasswordHash(db: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Deletes a user's sessions, except `keepSessionHash` when given, and all their widget sessions. */
export async function deleteUserSessions(db: DbOrTx, userId: string, keepSessionHash?: string): Promise<void> {
  await endUserWidgetSessions(db, userId);
  await db
    .delete(sessions)
    .where(keepSessionHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepSessionHash)) : eq(sessions.userId, userId));
}

export async function deleteUserAuthTokens(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.userId, userId));
}

/** Forgets which provider accounts signed in to this account (single sign-on). */
export async function deleteUserSsoIdentities(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(ssoIdentities).where(eq(ssoIdentities.userId, userId));
}

/** The single sign-on providers this account signs in through, for the account export. */
export async function listUserSsoIdentities(db: DbOrTx, userId: string) {
  return db
    .select({
      provider: ssoIdentities.provider,
      subject: ssoIdentities.subject,
      createdAt: ssoIdentities.createdAt,
      lastSignInAt: ssoIdentities.lastSignInAt,
    })
    .from(ssoIdentities)
    .where(eq(ssoIdentities.userId, userId))
    .orderBy(ssoIdentities.provider);
}

/** Uses up a user's unused email-change links, so only the newest one works. */
export async function revokePendingEmailChanges(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, 'change_email'), isNull(authTokens.usedAt)));
}

/** The address a user asked to move to and has not confirmed yet, if any. */
export async function getPendingEmailChange(db: DbOrTx, userId: string): Promise<string | null> {
  const rows = await db
    .select({ email: authTokens.email })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.kind, 'change_email'),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  return rows[0]?.email ?? null;
}

/**
 * Locks the rows of the admins who can still act, so that two admins leaving (or being
 * demoted) at the same time cannot both pass a "not the last admin" check.
 */
export async function lockActiveAdmins(db: DbOrTx): Promise<void> {
  await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.bannedAt), isNull(users.deletedAt)))
    .for('update');
}

/** A user's live sessions for their data export: when and from where, never the token hashes. */
export async function listUserSessionsForExport(db: DbOrTx, userId: string, currentSessionHash: string) {
  return db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      current: sql<boolean>`${sessions.tokenHash} = ${currentSessionHash}`,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt));
}

/**
 * Erases a user's personal data and keeps the row, so their posts and comments stay,
 * attributed to "Deleted user" (SPEC.md §4). The address becomes unique and undeliverable.
 */
export async function eraseUser(db: DbOrTx, userId: string): Promise<void> {
  const now = new Date();
  await db
    .update(users)
    .set({
      email: `deleted-${userId}@deleted.invalid`,
      displayName: DELETED_PERSON_NAME,
      avatarUrl: null,
      passwordHash: null,
      // The person's id in an integrator's system identifies them too.
      externalId: null,
      companyId: null,
      notificationPrefs: {},
      role: 'member',
      emailVerifiedAt: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

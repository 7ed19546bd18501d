import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { authTokens, users } from '@/server/db/schema';
import { AUTH_TOKEN_TTL_SECONDS, type AuthTokenKind } from '../schema';
import { hashToken, newToken } from './tokens';

export type UserRow = typeof users.$inferSelect;

export async function getUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt))).limit(1);
  return rows[0];
}

export async function getUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).limit(1);
  return rows[0];
}

/** Admins who can still act: not banned, not deleted. */
export async function countActiveAdmins(db: DbOrTx): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.bannedAt), isNull(users.deletedAt)));
  return Number(rows[0]?.n ?? 0);
}

/** Issues a single-use token of `kind`; returns the secret to put in the emailed link. */
export async function issueAuthToken(
  db: DbOrTx,
  kind: AuthTokenKind,
  target: { userId: string | null; email: string; data?: Record<string, unknown> },
): Promise<string> {
  const token = newToken();
  await db.insert(authTokens).values({
    tokenHash: hashToken(token),
    kind,
    userId: target.userId,
    email: target.email,
    data: target.data ?? {},
    expiresAt: new Date(Date.now() + AUTH_TOKEN_TTL_SECONDS[kind] * 1000),
  });
  return token;
}

/** Uses up a token atomically: a second use, an expired token or another kind all fail. */
export async function consumeAuthToken(db: DbOrTx, kind: AuthTokenKind, token: string) {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())))
    .returning();
  return rows[0];
}

/** Looks at a token without using it (to pre-fill a form, e.g. an invitation's email). */
export async function peekAuthToken(db: DbOrTx, kind: AuthTokenKind, token: string) {
  const rows = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())))
    .limit(1);
  return rows[0];
}

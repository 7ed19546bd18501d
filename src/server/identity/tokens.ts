/**
 * Secrets: 256-bit tokens for session cookies and emailed links, of which the database keeps
 * only a hash, and the single-use emailed tokens (verification, reset, magic link, invitation,
 * email change, unsubscribe) with their lifetimes (SPEC.md §9).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { db, type DbOrTx } from '@/server/db/client';
import { authTokens } from '@/server/db/schema';
import { AUTH_TOKEN_TTL_SECONDS, type AuthTokenKind } from './lifetimes';

/** A new secret for a cookie or an emailed link: 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token. Tokens are high-entropy, so a fast hash is enough. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Issues a single-use token of `kind`; returns the secret to put in the emailed link. It expires
 * after the kind's lifetime, or at `expiresAt` when the caller has to tell the time it ends.
 */
export async function issueAuthToken(
  db: DbOrTx,
  kind: AuthTokenKind,
  target: { userId: string | null; email: string; data?: Record<string, unknown>; expiresAt?: Date },
): Promise<string> {
  const token = newToken();
  await db.insert(authTokens).values({
    tokenHash: hashToken(token),
    kind,
    userId: target.userId,
    email: target.email,
    data: target.data ?? {},
    expiresAt: target.expiresAt ?? new Date(Date.now() + AUTH_TOKEN_TTL_SECONDS[kind] * 1000),
  });
  return token;
}

/** Uses up a token atomically: a second use, an expired token or another kind all fail. */
export async function consumeAuthToken(db: DbOrTx, kind: AuthTokenKind, token: string) {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return rows[0];
}

/** Looks at a token without using it (to pre-fill a form, e.g. an invitation's email). */
export async function peekAuthToken(db: DbOrTx, kind: AuthTokenKind, token: string) {
  const rows = await db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return rows[0];
}

/**
 * Deletes expired tokens of the kinds nobody needs afterwards: single sign-on round trips, which
 * anyone may start (rate-limited), so that their rows do not pile up. Runs with the other prunes.
 */
export async function pruneExpiredSsoFlows(from: DbOrTx = db()): Promise<number> {
  const rows = await from
    .delete(authTokens)
    .where(and(eq(authTokens.kind, 'sso_flow'), lt(authTokens.expiresAt, new Date())))
    .returning({ tokenHash: authTokens.tokenHash });
  return rows.length;
}

/**
 * What proving control of an email address does to an account (account pre-hijacking).
 *
 * Anyone can sign up with someone else's address and a password of their own; the account then
 * waits, unconfirmed. Whoever later proves control of the address (a confirmation or sign-in
 * link, a password reset, and later an identity provider) owns it, and must not inherit a
 * credential set by someone who never proved it. So when an address is confirmed for the first
 * time by anyone other than the browser that set the password, that password is removed and
 * every session of the account ends. One rule, here, for every way of proving an address.
 */
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/features/audit/server/service';
import type { DbOrTx } from '@/server/db/client';
import { authTokens, users } from '@/server/db/schema';
import { deleteUserSessions } from './profile-queries';
import { hashToken } from '@/server/identity/tokens';

/** Where the hash of the password-setter's nonce is kept in a confirmation token's `data`. */
export const SETTER_NONCE_KEY = 'setterNonceHash';

/**
 * Whether this request comes from the browser that set the account's password: its nonce cookie
 * matches one that a confirmation link of this account was issued with.
 */
export async function isPasswordSetter(tx: DbOrTx, userId: string, nonce: string | undefined): Promise<boolean> {
  if (!nonce) return false;
  const rows = await tx
    .select({ one: sql<number>`1` })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.kind, 'verify_email'),
        sql`${authTokens.data} ->> ${SETTER_NONCE_KEY} = ${hashToken(nonce)}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Records that the person acting has just proved control of the account's address. If the
 * address was never confirmed and the account has a password that this person did not set, the
 * password is removed and every session ends (in the caller's transaction, before the caller
 * signs this person in). Then the address is marked confirmed.
 */
export async function confirmAddressOwner(
  tx: DbOrTx,
  userId: string,
  opts: { passwordSetter: boolean; ip?: string },
): Promise<{ passwordCleared: boolean }> {
  const [user] = await tx
    .select({ verifiedAt: users.emailVerifiedAt, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) return { passwordCleared: false };
  const clear = !user.verifiedAt && user.passwordHash !== null && !opts.passwordSetter;
  await tx
    .update(users)
    .set({ ...(clear ? { passwordHash: null } : {}), ...(user.verifiedAt ? {} : { emailVerifiedAt: new Date() }), updatedAt: new Date() })
    .where(eq(users.id, userId));
  if (clear) {
    await deleteUserSessions(tx, userId);
    await recordAudit({ actor: null, action: 'user.unconfirmed_password_cleared', targetType: 'user', targetId: userId, ip: opts.ip }, tx);
  }
  return { passwordCleared: clear };
}

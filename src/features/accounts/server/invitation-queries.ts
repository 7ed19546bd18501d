/**
 * Invitations are `invite` tokens (kept hashed). Their `data` holds the role, the invitation's
 * id (kept when its link is replaced) and who made the link. Pending: not used, not expired, and
 * the address has no account yet (someone who joined another way has left the list too).
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { authTokens, users } from '@/server/db/schema';

const invitationId = sql<string>`${authTokens.data} ->> 'invitationId'`;

const pending = () =>
  and(
    eq(authTokens.kind, 'invite'),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, new Date()),
    // Spelled out with the table's name: inside the subquery an unqualified column would be the user's.
    sql`not exists (select 1 from users u where u.email = auth_tokens.email and u.deleted_at is null)`,
  );

export interface PendingInvitationRow {
  id: string;
  email: string;
  data: Record<string, unknown>;
  createdAt: Date;
  expiresAt: Date;
  inviterId: string | null;
  inviterName: string | null;
  inviterDeletedAt: Date | null;
}

/** The newest pending invitations with who made each link, and how many are pending in all. */
export async function listPendingInvitations(db: DbOrTx, limit: number): Promise<{ rows: PendingInvitationRow[]; total: number }> {
  const inviter = sql`${users.id}::text = ${authTokens.data} ->> 'invitedBy'`;
  const rows = await db
    .select({
      id: invitationId,
      email: authTokens.email,
      data: authTokens.data,
      createdAt: authTokens.createdAt,
      expiresAt: authTokens.expiresAt,
      inviterId: users.id,
      inviterName: users.displayName,
      inviterDeletedAt: users.deletedAt,
    })
    .from(authTokens)
    .leftJoin(users, inviter)
    .where(pending())
    .orderBy(desc(authTokens.createdAt), desc(authTokens.tokenHash))
    .limit(limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(authTokens)
    .where(pending());
  return { rows, total: Number(count?.n ?? 0) };
}

/** The pending invitation with this id, locked until the transaction ends; undefined when there is none. */
export async function lockPendingInvitation(tx: DbOrTx, id: string) {
  const rows = await tx
    .select()
    .from(authTokens)
    .where(and(pending(), eq(invitationId, id)))
    .limit(1)
    .for('update');
  return rows[0];
}

/** Deletes every unused invitation link to this address (its links stop working); answers how many. */
export async function deleteUnusedInvitations(tx: DbOrTx, email: string): Promise<number> {
  const rows = await tx
    .delete(authTokens)
    .where(and(eq(authTokens.kind, 'invite'), eq(authTokens.email, email), isNull(authTokens.usedAt)))
    .returning({ tokenHash: authTokens.tokenHash });
  return rows.length;
}

import { and, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { users } from '@/server/db/schema';
import type { Role } from '@/core/identity/roles';

/** The columns the member list needs; never the password hash. */
const memberColumns = {
  id: users.id,
  displayName: users.displayName,
  email: users.email,
  avatarUrl: users.avatarUrl,
  role: users.role,
  emailVerifiedAt: users.emailVerifiedAt,
  bannedAt: users.bannedAt,
  createdAt: users.createdAt,
  /** The exact created_at (microseconds, UTC) for the page cursor; a JS Date keeps only milliseconds. */
  createdAtKey: sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

export type MemberRow = {
  id: string;
  displayName: string;
  email: string;
  avatarUrl: string | null;
  role: Role;
  emailVerifiedAt: Date | null;
  bannedAt: Date | null;
  createdAt: Date;
  createdAtKey: string;
};

export interface MemberKey {
  createdAt: string;
  id: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/** People who have not deleted their account, newest first, optionally matching `q` in name or email. */
export async function listMembers(db: DbOrTx, opts: { q?: string; after?: MemberKey; limit: number }): Promise<MemberRow[]> {
  const pattern = opts.q ? `%${escapeLike(opts.q)}%` : undefined;
  return db
    .select(memberColumns)
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        pattern ? or(ilike(users.displayName, pattern), ilike(users.email, pattern)) : undefined,
        opts.after ? sql`(${users.createdAt}, ${users.id}) < (${opts.after.createdAt}::timestamptz, ${opts.after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(opts.limit);
}

/**
 * Locks the rows of every admin who can still act (not banned, not deleted) and returns their
 * ids. Two transactions that could each remove "another" admin queue here; under READ
 * COMMITTED the second re-checks the locked rows after the first commits, so it sees the
 * admin the first one removed as gone.
 */
export async function lockActiveAdminIds(tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.bannedAt), isNull(users.deletedAt)))
    .orderBy(users.id)
    .for('update');
  return rows.map((r) => r.id);
}

/** A person (not deleted), locked for the rest of the transaction. */
export async function getMemberForUpdate(tx: DbOrTx, id: string): Promise<MemberRow | undefined> {
  const rows = await tx
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function updateMember(
  tx: DbOrTx,
  id: string,
  values: { role?: Role; bannedAt?: Date | null; emailVerifiedAt?: Date },
): Promise<MemberRow> {
  const rows = await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning(memberColumns);
  return rows[0]!;
}

/** The team who can act (moderators and admins, not banned, not deleted), by name. */
export async function listActiveTeam(db: DbOrTx): Promise<{ id: string; displayName: string; avatarUrl: string | null }[]> {
  return db
    .select({ id: users.id, displayName: users.displayName, avatarUrl: users.avatarUrl })
    .from(users)
    .where(and(sql`${users.role} in ('moderator', 'admin')`, isNull(users.deletedAt), isNull(users.bannedAt)))
    .orderBy(sql`lower(${users.displayName})`, users.id);
}

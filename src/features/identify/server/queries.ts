import { eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { companies, identifyTokenUses, posts, signingKeys, users, votes } from '@/server/db/schema';

/** The identify secret is one of the workspace's signing keys, by purpose (kept as is: it verifies every token). */
const PURPOSE = 'identify';

export async function getIdentifySecretRow(db: DbOrTx): Promise<{ secret: string; createdAt: Date } | undefined> {
  const [row] = await db
    .select({ secret: signingKeys.secret, createdAt: signingKeys.createdAt })
    .from(signingKeys)
    .where(eq(signingKeys.purpose, PURPOSE))
    .limit(1);
  return row;
}

/** Sets the secret, replacing any before it: tokens signed with the old one stop working at once. */
export async function putIdentifySecret(db: DbOrTx, secret: string): Promise<{ createdAt: Date }> {
  const now = new Date();
  await db
    .insert(signingKeys)
    .values({ purpose: PURPOSE, secret, createdAt: now })
    .onConflictDoUpdate({ target: signingKeys.purpose, set: { secret, createdAt: now } });
  return { createdAt: now };
}

/**
 * Records a token's `jti` as used; false when it already was (on this instance or any other: the
 * primary key decides, in the caller's transaction).
 */
export async function recordTokenUse(db: DbOrTx, jti: string, keepUntil: Date): Promise<boolean> {
  const rows = await db
    .insert(identifyTokenUses)
    .values({ jti, expiresAt: keepUntil })
    .onConflictDoNothing()
    .returning({ jti: identifyTokenUses.jti });
  return rows.length > 0;
}

/** Forgets the uses of tokens that can no longer be accepted anyway; returns how many. */
export async function pruneTokenUses(db: DbOrTx, now = new Date()): Promise<number> {
  const rows = await db.delete(identifyTokenUses).where(lt(identifyTokenUses.expiresAt, now)).returning({ jti: identifyTokenUses.jti });
  return rows.length;
}

/** The company as the host names it now, created or updated; returns its id. */
export async function upsertCompany(
  db: DbOrTx,
  company: { externalId: string; name: string; monthlyRevenueCents: number | null },
): Promise<string> {
  const [row] = await db
    .insert(companies)
    .values(company)
    .onConflictDoUpdate({
      target: companies.externalId,
      set: {
        name: company.name,
        // A token without a revenue keeps the one known.
        monthlyRevenueCents: sql`coalesce(excluded.monthly_revenue_cents, ${companies.monthlyRevenueCents})`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: companies.id });
  return row!.id;
}

export async function setUserCompany(db: DbOrTx, userId: string, companyId: string): Promise<void> {
  await db.update(users).set({ companyId }).where(eq(users.id, userId));
}

/**
 * The revenue behind a post, in cents, as a SQL expression over the post's id: `posts.id` (the
 * posts table, not an alias), or any SQL naming it (an aliased table's column, a value): the
 * distinct companies of its voters, their monthly revenue summed.
 *
 * `posts.id` is written out as `"posts"."id"`: drizzle prints a column of a one-table select
 * without its table, and inside this subquery a bare `"id"` would be the voter's.
 */
export const revenueBehindPostSql = (postId: SQL | typeof posts.id): SQL<string> => {
  const ref = postId === posts.id ? sql`${sql.identifier('posts')}.${sql.identifier(posts.id.name)}` : postId;
  return sql<string>`(
  select coalesce(sum(c.monthly_revenue_cents), 0)::bigint
  from ${companies} c
  where c.id in (
    select u.company_id from ${votes} v join ${users} u on u.id = v.user_id
    where v.post_id = ${ref} and u.company_id is not null and u.deleted_at is null
  )
)`;
};

export async function selectRevenueBehindPosts(db: DbOrTx, postIds: readonly string[]) {
  return db
    .select({ id: posts.id, cents: revenueBehindPostSql(posts.id) })
    .from(posts)
    .where(inArray(posts.id, [...postIds]));
}

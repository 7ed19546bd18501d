/**
 * The trending score of SPEC.md §9, votes ÷ (age in hours + 2)^1.5, as SQL. It is stored on the
 * post so the trending order is an index scan: written with every vote (in the vote's
 * transaction) and refreshed for every post periodically, because it decays with age.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { posts } from '@/server/db/schema';

/** The score of a post with `votes` votes (an SQL expression or column), now. */
export function trendingScoreSql(votes: SQL | typeof posts.voteCount = posts.voteCount): SQL<number> {
  return sql<number>`(${votes})::double precision / power(greatest(extract(epoch from (now() - ${posts.createdAt})) / 3600.0, 0) + 2, 1.5)`;
}

/** Recomputes every live post's score; returns how many rows changed. */
export async function refreshTrendingScores(db: DbOrTx): Promise<number> {
  const rows = await db
    .update(posts)
    .set({ trendingScore: trendingScoreSql() })
    .where(sql`${posts.deletedAt} is null and ${posts.mergedIntoId} is null and ${posts.voteCount} > 0`)
    .returning({ id: posts.id });
  return rows.length;
}

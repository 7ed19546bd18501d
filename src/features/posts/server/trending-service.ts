/**
 * The trending score of SPEC.md §9, votes ÷ (age in hours + 2)^1.5, as SQL. It is stored on the
 * post so the trending order is an index scan: written with every vote (in the vote's
 * transaction) and refreshed for every post periodically, because it decays with age.
 */
import { and, asc, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { posts } from '@/server/db/schema';

/** The score of a post with `votes` votes (an SQL expression or column), now. */
export function trendingScoreSql(votes: SQL | typeof posts.voteCount = posts.voteCount): SQL<number> {
  return sql<number>`(${votes})::double precision / power(greatest(extract(epoch from (now() - ${posts.createdAt})) / 3600.0, 0) + 2, 1.5)`;
}

/**
 * Recomputes every live post's score, `batch` posts (by id) per statement: on the embedded
 * database each statement holds its one thread, so other requests wait for one batch, not for
 * the whole refresh (10,000 posts in one statement held it for seconds). Returns how many rows
 * changed.
 */
export async function refreshTrendingScores(db: DbOrTx, batch = 500): Promise<number> {
  const live = sql`${posts.deletedAt} is null and ${posts.mergedIntoId} is null and ${posts.voteCount} > 0`;
  let after: string | undefined;
  let changed = 0;
  for (;;) {
    const chunk = db
      .select({ id: posts.id })
      .from(posts)
      .where(after ? and(live, gt(posts.id, after)) : live)
      .orderBy(asc(posts.id))
      .limit(batch);
    const rows = await db
      .update(posts)
      .set({ trendingScore: trendingScoreSql() })
      .where(inArray(posts.id, chunk))
      .returning({ id: posts.id });
    changed += rows.length;
    if (rows.length < batch) return changed;
    after = rows.reduce((max, r) => (r.id > max ? r.id : max), rows[0]!.id);
  }
}

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

/**
 * How far a stored score may drift from the true one before the refresh rewrites it. Scores decay
 * by (age + 2)^-1.5: in 10 minutes a day-old post's falls about 1 %, a month-old one's 0.03 %,
 * so rewriting only scores off by more than 0.5 % leaves the order as good as exact and spares
 * nearly every write (every write also updates the two trending indexes).
 */
const DRIFT = 0.005;

/**
 * Recomputes every live post's score and rewrites those that drifted (above), `batch` posts (by
 * id) per statement: on the embedded database each statement holds its one thread, so other
 * requests wait for one batch, not for the whole refresh (10,000 posts in one statement held it
 * for seconds). Returns how many scores were rewritten.
 */
export async function refreshTrendingScores(db: DbOrTx, batch = 500): Promise<number> {
  const live = sql`${posts.deletedAt} is null and ${posts.mergedIntoId} is null and ${posts.voteCount} > 0`;
  let after: string | null = null;
  let rewritten = 0;
  for (;;) {
    const result = (await db.execute(sql`
      with chunk as (
        select ${posts.id} as id from ${posts}
        where ${live} and (${after}::uuid is null or ${posts.id} > ${after}::uuid)
        order by ${posts.id} limit ${batch}
      ),
      scored as (
        select ${posts.id} as id, ${trendingScoreSql()} as score from ${posts} join chunk on chunk.id = ${posts.id}
      ),
      rewritten as (
        update ${posts} set trending_score = scored.score from scored
        where ${posts.id} = scored.id and abs(${posts.trendingScore} - scored.score) > ${DRIFT} * scored.score
        returning 1
      )
      select (select count(*) from chunk)::int as seen, (select id from chunk order by id desc limit 1) as last,
             (select count(*) from rewritten)::int as rewritten`)) as unknown as {
      rows: { seen: number; last: string | null; rewritten: number }[];
    };
    const row = result.rows[0]!;
    rewritten += row.rewritten;
    if (row.seen < batch || !row.last) return rewritten;
    after = row.last;
  }
}

/**
 * SQL of the triage list's facet counts: statuses (`none` for no status), boards, tags and the
 * queues of `show`, each under every filter but its own, in one statement. The counts are summed
 * from two small relations of counts by facet values: for the team, the counts the database keeps
 * (`triage_counts`, kept by triggers: drizzle/0015_triage_counts.sql), so they cost the same at
 * any number of posts; for a search, or a reader who does not see every post, counted from the
 * posts themselves. Both go through the same sums.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isTeamMember } from '@/core/identity/policy';
import { queryRows, type DbOrTx } from '@/server/db/client';
import { boards, posts, postTags, statuses, triageCounts } from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';
import { NO_STATUS } from '../triage-schema';
import { facetFiltersSql, showSql, triageBaseSql, type Facet, type FacetColumns, type TriageFilters } from './triage-list-queries';

export interface FacetCount {
  facet: Facet;
  key: string;
  count: number;
}

/**
 * Two relations of counts, `n`, by board_id, status_id, approval, responded and owner_id: of the
 * posts under the tag filter (`posts`), and of each tag's posts whatever tags are chosen (`tags`,
 * with tag_id). `live` says whether either reads the posts the actor may see, as the relation `m`.
 */
interface FacetSources {
  posts: SQL;
  tags: SQL;
  live: boolean;
}

const KEY = sql`board_id, status_id, approval, responded, owner_id`;
const LIVE_POST = sql`${posts.deletedAt} is null and ${posts.mergedIntoId} is null`;
const POST_KEY = sql`${posts.boardId}, ${posts.statusId}, ${posts.approval}, ${posts.teamRespondedAt} is not null, ${posts.ownerId}`;

const tagList = (f: TriageFilters) =>
  sql.join(
    f.tagIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** The posts this actor may see in triage (matching the search), with their facet values: `m`. */
function matchesSql(actor: Actor, f: TriageFilters): SQL {
  return sql`select ${posts.id} as id, ${posts.boardId} as board_id, ${posts.statusId} as status_id, ${posts.approval} as approval,
      ${posts.teamRespondedAt} is not null as responded, ${posts.ownerId} as owner_id
    from ${posts} join ${boards} on ${boards.id} = ${posts.boardId} where ${triageBaseSql(actor, f)}`;
}

/**
 * Where the counts come from. The kept counts count every live post (not deleted, not merged),
 * which is what the team sees (visiblePostSql), so they answer for a team member without a
 * search; otherwise the posts the actor may see are counted (`m`). With tags chosen, the posts
 * relation is the chosen tags' rows, less the posts counted more than once: a post with k of the
 * chosen tags is in k tags' rows, so it adds 1 − k once more (those few are read from the posts).
 */
function facetSources(actor: Actor, f: TriageFilters, live: boolean): FacetSources {
  if (live || !isTeamMember(actor) || f.q) {
    const tagged = f.tagIds.length ? sql` where m.id in (select pt.post_id from ${postTags} pt where pt.tag_id in (${tagList(f)}))` : sql``;
    return {
      posts: sql`select ${KEY}, count(*)::int as n from m${tagged} group by ${KEY}`,
      // `any(…)` reads the matches' tags through the post_tags index (PostgreSQL hashed all of post_tags).
      tags: sql`select pt.tag_id, ${KEY}, count(*)::int as n from m join ${postTags} pt on pt.post_id = m.id
        where pt.post_id = any(array(select m.id from m)) group by pt.tag_id, ${KEY}`,
      live: true,
    };
  }
  const tags = sql`select tag_id, ${KEY}, sum(posts)::int as n from ${triageCounts} where tag_id is not null group by tag_id, ${KEY}`;
  if (f.tagIds.length === 0) {
    return { posts: sql`select ${KEY}, sum(posts)::int as n from ${triageCounts} where tag_id is null group by ${KEY}`, tags, live: false };
  }
  const overlap =
    f.tagIds.length > 1
      ? sql`union all
        select ${POST_KEY}, 1 - o.tags from (
          select pt.post_id, count(*)::int as tags from ${postTags} pt where pt.tag_id in (${tagList(f)})
          group by pt.post_id having count(*) > 1
        ) o join ${posts} on ${posts.id} = o.post_id where ${LIVE_POST}`
      : sql``;
  return {
    posts: sql`select ${KEY}, sum(n)::int as n from (
        select ${KEY}, posts as n from ${triageCounts} where tag_id in (${tagList(f)}) ${overlap}
      ) x group by ${KEY}`,
    tags,
    live: false,
  };
}

const COUNTED: FacetColumns = {
  boardId: sql`c.board_id`,
  statusId: sql`c.status_id`,
  approval: sql`c.approval`,
  responded: sql`c.responded`,
  ownerId: sql`c.owner_id`,
};

/**
 * Every facet's counts in one statement. `live` counts from the posts even where the kept counts
 * would answer (tests and benchmarks compare the two).
 */
export function countTriageFacets(db: DbOrTx, actor: Actor, f: TriageFilters, opts: { live?: boolean } = {}): Promise<FacetCount[]> {
  const sources = facetSources(actor, f, opts.live ?? false);
  const where = (except: Facet) => facetFiltersSql(f, COUNTED, except) ?? sql`true`;
  const shows = (['all', 'untriaged', 'pending', 'unresponded', 'rejected'] as const).map(
    (show) => sql`coalesce(sum(c.n) filter (where ${showSql(show, COUNTED)}), 0)::int as ${sql.identifier(show)}`,
  );
  return queryRows<FacetCount>(
    sql`with ${sources.live ? sql`m as materialized (${matchesSql(actor, f)}), ` : sql``}p as (${sources.posts}), t as (${sources.tags})
        select 'status' as facet, coalesce(s.slug, ${NO_STATUS}) as key, c.count from (
          select c.status_id, sum(c.n)::int as count from p c where ${where('status')} group by c.status_id having sum(c.n) > 0
        ) c left join ${statuses} s on s.id = c.status_id
        union all
        select 'board', b.slug, c.count from (
          select c.board_id, sum(c.n)::int as count from p c where ${where('board')} group by c.board_id having sum(c.n) > 0
        ) c join ${boards} b on b.id = c.board_id
        union all
        select 'tag', c.tag_id::text, sum(c.n)::int from t c where ${where('tag')} group by c.tag_id having sum(c.n) > 0
        union all
        select 'show', q.key, q.count from (select ${sql.join(shows, sql`, `)} from p c where ${where('show')}) x
          cross join lateral (values ('all', x."all"), ('untriaged', x.untriaged), ('pending', x.pending),
            ('unresponded', x.unresponded), ('rejected', x.rejected)) as q(key, count)`,
    db,
  );
}

/**
 * Folds the kept counts' rows into one per key (dropping keys that sum to nothing). Safe beside
 * writers and another compaction: it deletes the rows its snapshot sees and inserts their sums in
 * one statement; rows committed meanwhile are left for the next time, and a row another
 * compaction took is skipped. Returns the rows it folded.
 */
export async function compactTriageCounts(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ folded: number }>(
    sql`with gone as (delete from ${triageCounts} returning *),
        kept as (insert into ${triageCounts} (tag_id, ${KEY}, posts)
          select tag_id, ${KEY}, sum(posts)::int from gone group by tag_id, ${KEY} having sum(posts) <> 0)
        select (select count(*) from gone)::int as folded`,
    db,
  );
  return row?.folded ?? 0;
}

export interface TriageCountDrift {
  tag_id: string | null;
  board_id: string;
  status_id: string | null;
  approval: string;
  responded: boolean;
  owner_id: string | null;
  /** What the kept counts say, and what counting the posts gives. */
  kept: number;
  counted: number;
}

/** The keys whose kept count differs from a count of the posts themselves (none, when the triggers hold). */
export function triageCountsDrift(db: DbOrTx): Promise<TriageCountDrift[]> {
  const live = LIVE_POST;
  const key = POST_KEY;
  return queryRows<TriageCountDrift>(
    sql`select tag_id, ${KEY}, sum(kept)::int as kept, sum(counted)::int as counted from (
          select tag_id, ${KEY}, posts as kept, 0 as counted from ${triageCounts}
          union all
          select null::uuid, ${key}, 0, 1 from ${posts} where ${live}
          union all
          select pt.tag_id, ${key}, 0, 1 from ${postTags} pt join ${posts} on ${posts.id} = pt.post_id where ${live}
        ) x group by tag_id, ${KEY} having sum(kept) <> sum(counted)`,
    db,
  );
}

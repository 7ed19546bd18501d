/**
 * SQL of the triage list's facet counts: statuses (`none` for no status), boards, tags and the
 * queues of `show`, each under every filter but its own, in one statement. The counts are summed
 * from two small relations of counts by facet values: for the team, the counts the database keeps
 * (`triage_counts`, kept by triggers: drizzle/0015_triage_counts.sql), so they cost the same at
 * any number of posts; for a search, the posts of several tags at once, or a reader who does not
 * see every post, counted from the posts themselves. Both go through the same sums.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isTeamMember } from '@/core/identity/policy';
import type { DbOrTx } from '@/server/db/client';
import { boards, posts, postTags, statuses, triageCounts } from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';
import { NO_STATUS } from '../triage-schema';
import {
  facetFiltersSql,
  rowsOf,
  showSql,
  tagFilterSql,
  triageBaseSql,
  type Facet,
  type FacetColumns,
  type TriageFilters,
} from './triage-list-queries';

export interface FacetCount {
  facet: Facet;
  key: string;
  count: number;
}

/**
 * Two relations of counts, `n`, by board_id, status_id, approval, responded and owner_id: of the
 * posts under the tag filter (`posts`), and of each tag's posts whatever tags are chosen (`tags`,
 * with tag_id).
 */
interface FacetSources {
  posts: SQL;
  tags: SQL;
}

const KEY = sql`board_id, status_id, approval, responded, owner_id`;

/**
 * The kept counts count every live post (not deleted, not merged), which is what the team sees
 * (visiblePostSql), so they answer for a team member without a search. The tag relation never
 * depends on the chosen tags; the posts relation is one tag's own rows when one is chosen, but
 * with two or more a post with both would count twice: those posts are counted live.
 */
function keptCounts(actor: Actor, f: TriageFilters): Partial<FacetSources> {
  if (!isTeamMember(actor) || f.q) return {};
  const tag = f.tagIds.length ? sql`tag_id = ${f.tagIds[0]}::uuid` : sql`tag_id is null`;
  return {
    posts: f.tagIds.length > 1 ? undefined : sql`select ${KEY}, sum(posts)::int as n from ${triageCounts} where ${tag} group by ${KEY}`,
    tags: sql`select tag_id, ${KEY}, sum(posts)::int as n from ${triageCounts} where tag_id is not null group by tag_id, ${KEY}`,
  };
}

/** The same relations, counted from the posts this actor may see. */
function liveCounts(actor: Actor, f: TriageFilters): FacetSources {
  const key = sql`${posts.boardId} as board_id, ${posts.statusId} as status_id, ${posts.approval} as approval,
    ${posts.teamRespondedAt} is not null as responded, ${posts.ownerId} as owner_id`;
  const from = sql`from ${posts} join ${boards} on ${boards.id} = ${posts.boardId}`;
  const base = triageBaseSql(actor, f);
  const tagged = tagFilterSql(f);
  return {
    posts: sql`select ${key}, count(*)::int as n ${from} where ${base}${tagged ? sql` and ${tagged}` : sql``} group by 1, 2, 3, 4, 5`,
    tags: sql`select pt.tag_id, ${key}, count(*)::int as n ${from} join ${postTags} pt on pt.post_id = ${posts.id}
      where ${base} group by 1, 2, 3, 4, 5, 6`,
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
  const kept = opts.live ? {} : keptCounts(actor, f);
  const live = liveCounts(actor, f);
  const sources: FacetSources = { posts: kept.posts ?? live.posts, tags: kept.tags ?? live.tags };
  const where = (except: Facet) => facetFiltersSql(f, COUNTED, except) ?? sql`true`;
  const shows = (['all', 'untriaged', 'pending', 'unresponded', 'rejected'] as const).map(
    (show) => sql`coalesce(sum(c.n) filter (where ${showSql(show, COUNTED)}), 0)::int as ${sql.identifier(show)}`,
  );
  return rowsOf<FacetCount>(
    db,
    sql`with p as (${sources.posts}), t as (${sources.tags})
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
  );
}

/**
 * Folds the kept counts' rows into one per key (dropping keys that sum to nothing). Safe beside
 * writers and another compaction: it deletes the rows its snapshot sees and inserts their sums in
 * one statement; rows committed meanwhile are left for the next time, and a row another
 * compaction took is skipped. Returns the rows it folded.
 */
export async function compactTriageCounts(db: DbOrTx): Promise<number> {
  const [row] = await rowsOf<{ folded: number }>(
    db,
    sql`with gone as (delete from ${triageCounts} returning *),
        kept as (insert into ${triageCounts} (tag_id, ${KEY}, posts)
          select tag_id, ${KEY}, sum(posts)::int from gone group by tag_id, ${KEY} having sum(posts) <> 0)
        select (select count(*) from gone)::int as folded`,
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
  const live = sql`${posts.deletedAt} is null and ${posts.mergedIntoId} is null`;
  const key = sql`${posts.boardId}, ${posts.statusId}, ${posts.approval}, ${posts.teamRespondedAt} is not null, ${posts.ownerId}`;
  return rowsOf<TriageCountDrift>(
    db,
    sql`select tag_id, ${KEY}, sum(kept)::int as kept, sum(counted)::int as counted from (
          select tag_id, ${KEY}, posts as kept, 0 as counted from ${triageCounts}
          union all
          select null::uuid, ${key}, 0, 1 from ${posts} where ${live}
          union all
          select pt.tag_id, ${key}, 0, 1 from ${postTags} pt join ${posts} on ${posts.id} = pt.post_id where ${live}
        ) x group by tag_id, ${KEY} having sum(kept) <> sum(counted)`,
  );
}

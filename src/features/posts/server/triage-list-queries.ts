/**
 * SQL of the team's triage list: one page of posts under the filters, and the live counts of
 * every facet in one statement. Every row is scoped by visiblePostSql like every other read of
 * posts; merged and deleted posts are out of triage.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { boards, posts, postTags, statuses, tags, users } from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';
import { visiblePostSql } from '@/server/identity/visibility';
import { NO_STATUS, type TriageShow, type TriageSort } from '../triage-schema';

export interface TriageFilters {
  statuses: string[];
  boards: string[];
  tagIds: string[];
  show: TriageShow;
  /** A user id, or `none` for posts without an owner. */
  owner?: string;
  q?: string;
}

type Facet = 'status' | 'board' | 'tag' | 'show';

const rowsOf = async <T>(db: DbOrTx, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

export function showSql(show: TriageShow): SQL {
  switch (show) {
    case 'all':
      return sql`${posts.approval} <> 'rejected'`;
    case 'untriaged':
      return sql`(${posts.approval} = 'approved' and ${posts.statusId} is null)`;
    case 'pending':
      return sql`${posts.approval} = 'pending'`;
    case 'unresponded':
      return sql`(${posts.approval} <> 'rejected' and ${posts.teamRespondedAt} is null)`;
    case 'rejected':
      return sql`${posts.approval} = 'rejected'`;
  }
}

/** The conditions of every filter, leaving out one facet's own (its counts ignore its own choice). */
function whereSql(actor: Actor, f: TriageFilters, except?: Facet): SQL {
  const slugs = f.statuses.filter((s) => s !== NO_STATUS);
  const none = f.statuses.includes(NO_STATUS);
  const someStatus = slugs.length
    ? sql`${posts.statusId} in (select ${statuses.id} from ${statuses} where ${statuses.slug} in (${list(slugs)}))`
    : sql`false`;
  const statusCond = f.statuses.length === 0 ? undefined : sql`(${someStatus}${none ? sql` or ${posts.statusId} is null` : sql``})`;
  const boardCond = f.boards.length ? sql`${boards.slug} in (${list(f.boards)})` : undefined;
  const tagCond = f.tagIds.length
    ? sql`exists (select 1 from ${postTags} where ${postTags.postId} = ${posts.id} and ${postTags.tagId} in (${sql.join(
        f.tagIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}))`
    : undefined;
  return and(
    visiblePostSql(actor),
    sql`${posts.mergedIntoId} is null`,
    f.owner === 'none' ? sql`${posts.ownerId} is null` : f.owner ? sql`${posts.ownerId} = ${f.owner}::uuid` : undefined,
    f.q
      ? sql`(${posts.search} @@ websearch_to_tsquery('english', ${f.q}) or ${posts.title} ilike ${`%${f.q.replace(/[\\%_]/g, '\\$&')}%`})`
      : undefined,
    except === 'status' ? undefined : statusCond,
    except === 'board' ? undefined : boardCond,
    except === 'tag' ? undefined : tagCond,
    except === 'show' ? undefined : showSql(f.show),
  )!;
}

const SORT_COLUMN: Record<TriageSort, SQL> = {
  newest: sql`${posts.createdAt}`,
  votes: sql`${posts.voteCount}`,
  trending: sql`${posts.trendingScore}`,
  priority: sql`${posts.priority}`,
};
/** The sort value as exact text for the cursor (microseconds for times; shortest round-trip numbers). */
const SORT_KEY: Record<TriageSort, SQL> = {
  newest: sql`to_char(${posts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  votes: sql`${posts.voteCount}::text`,
  trending: sql`${posts.trendingScore}::text`,
  priority: sql`${posts.priority}::text`,
};
const SORT_CAST: Record<TriageSort, SQL> = {
  newest: sql`timestamptz`,
  votes: sql`int`,
  trending: sql`double precision`,
  priority: sql`double precision`,
};

export interface TriageRow {
  id: string;
  number: number;
  title: string;
  body_start: string;
  board_slug: string;
  board_name: string;
  status: { id: string; slug: string; name: string; color: string; category: string } | null;
  tags: { id: string; name: string; color: string }[];
  author_name: string | null;
  author_deleted: boolean | null;
  owner_id: string | null;
  owner_name: string | null;
  vote_count: number;
  comment_count: number;
  approval: 'pending' | 'approved' | 'rejected';
  eta: string | null;
  eta_precision: 'month' | 'quarter' | null;
  impact: number | null;
  effort: number | null;
  priority: number;
  team_responded: boolean;
  created_at: string;
  sort_key: string;
}

/** One page in the sort's order (descending, ties by id), after the cursor's row. */
export function listTriagePosts(
  db: DbOrTx,
  actor: Actor,
  f: TriageFilters,
  sort: TriageSort,
  after: { value: string; id: string } | undefined,
  limit: number,
): Promise<TriageRow[]> {
  const column = SORT_COLUMN[sort];
  const keyset = after ? sql`(${column}, ${posts.id}) < (${after.value}::${SORT_CAST[sort]}, ${after.id}::uuid)` : undefined;
  return rowsOf<TriageRow>(
    db,
    sql`select ${posts.id} as id, ${posts.number} as number, ${posts.title} as title, left(${posts.body}, 600) as body_start,
          ${boards.slug} as board_slug, ${boards.name} as board_name,
          case when ${statuses.id} is null then null else json_build_object('id', ${statuses.id}, 'slug', ${statuses.slug},
            'name', ${statuses.name}, 'color', ${statuses.color}, 'category', ${statuses.category}) end as status,
          coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by lower(t.name))
            from ${postTags} pt join ${tags} t on t.id = pt.tag_id where pt.post_id = ${posts.id}), '[]'::json) as tags,
          author.display_name as author_name, author.deleted_at is not null as author_deleted,
          ${posts.ownerId} as owner_id, owner.display_name as owner_name,
          ${posts.voteCount} as vote_count, ${posts.commentCount} as comment_count, ${posts.approval} as approval,
          ${posts.eta}::text as eta, ${posts.etaPrecision} as eta_precision, ${posts.impact} as impact, ${posts.effort} as effort,
          ${posts.priority} as priority, ${posts.teamRespondedAt} is not null as team_responded,
          to_char(${posts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
          ${SORT_KEY[sort]} as sort_key
        from ${posts}
        join ${boards} on ${boards.id} = ${posts.boardId}
        left join ${statuses} on ${statuses.id} = ${posts.statusId}
        left join ${users} author on author.id = ${posts.authorId}
        left join ${users} owner on owner.id = ${posts.ownerId}
        where ${and(whereSql(actor, f), keyset)}
        order by ${column} desc, ${posts.id} desc
        limit ${limit}`,
  );
}

export interface FacetCount {
  facet: Facet;
  key: string;
  count: number;
}

/**
 * Every facet's counts in one statement: statuses (`none` for no status), boards, tags, and the
 * queues of `show` — each under every other filter but its own.
 */
export function countTriageFacets(db: DbOrTx, actor: Actor, f: TriageFilters): Promise<FacetCount[]> {
  const from = sql`from ${posts} join ${boards} on ${boards.id} = ${posts.boardId}`;
  return rowsOf<FacetCount>(
    db,
    sql`select 'status' as facet, coalesce(s.slug, ${NO_STATUS}) as key, c.count from (
          select ${posts.statusId} as status_id, count(*)::int as count ${from} where ${whereSql(actor, f, 'status')} group by ${posts.statusId}
        ) c left join ${statuses} s on s.id = c.status_id
        union all
        select 'board', ${boards.slug}, count(*)::int ${from} where ${whereSql(actor, f, 'board')} group by ${boards.slug}
        union all
        select 'tag', pt.tag_id::text, count(*)::int ${from} join ${postTags} pt on pt.post_id = ${posts.id}
          where ${whereSql(actor, f, 'tag')} group by pt.tag_id
        union all
        select 'show', q.key, q.count from (
          select count(*) filter (where ${showSql('all')})::int as all_count,
                 count(*) filter (where ${showSql('untriaged')})::int as untriaged,
                 count(*) filter (where ${showSql('pending')})::int as pending,
                 count(*) filter (where ${showSql('unresponded')})::int as unresponded,
                 count(*) filter (where ${showSql('rejected')})::int as rejected
          ${from} where ${whereSql(actor, f, 'show')}
        ) x cross join lateral (values ('all', x.all_count), ('untriaged', x.untriaged), ('pending', x.pending),
          ('unresponded', x.unresponded), ('rejected', x.rejected)) as q(key, count)`,
  );
}

/**
 * SQL of the team's triage list: one page of posts under the filters, and the filters as
 * conditions on any table with a post's facet columns (posts here; counts in
 * triage-facet-queries.ts). Every row is scoped by visiblePostSql like every other read of
 * posts; merged and deleted posts are out of triage.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/server/db/client';
import { boards, posts, postTags, statuses, tags, users } from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';
import { visiblePostSql } from '@/server/identity/visibility';
import { NO_STATUS, type TriageShow, type TriageSort } from '../triage-schema';
import type { PostApproval } from '../enums';

export interface TriageFilters {
  statuses: string[];
  boards: string[];
  tagIds: string[];
  show: TriageShow;
  /** A user id, or `none` for posts without an owner. */
  owner?: string;
  q?: string;
}

export type Facet = 'status' | 'board' | 'tag' | 'show';

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The columns the status, board, owner and show filters read: of `posts`, or of a table of counts. */
export interface FacetColumns {
  boardId: SQL;
  statusId: SQL;
  approval: SQL;
  /** Whether the team has answered (a boolean). */
  responded: SQL;
  ownerId: SQL;
}

export const POST_FACET_COLUMNS: FacetColumns = {
  boardId: sql`${posts.boardId}`,
  statusId: sql`${posts.statusId}`,
  approval: sql`${posts.approval}`,
  responded: sql`(${posts.teamRespondedAt} is not null)`,
  ownerId: sql`${posts.ownerId}`,
};

export function showSql(show: TriageShow, c: FacetColumns = POST_FACET_COLUMNS): SQL {
  switch (show) {
    case 'all':
      return sql`${c.approval} <> 'rejected'`;
    case 'untriaged':
      return sql`(${c.approval} = 'approved' and ${c.statusId} is null)`;
    case 'pending':
      return sql`${c.approval} = 'pending'`;
    case 'unresponded':
      return sql`(${c.approval} <> 'rejected' and not ${c.responded})`;
    case 'rejected':
      return sql`${c.approval} = 'rejected'`;
  }
}

/**
 * The owner filter and the status, board and show filters on these columns, leaving out one
 * facet's own (its counts ignore its own choice); undefined when nothing applies.
 */
export function facetFiltersSql(f: TriageFilters, c: FacetColumns, except?: Facet): SQL | undefined {
  const slugs = f.statuses.filter((s) => s !== NO_STATUS);
  const none = f.statuses.includes(NO_STATUS);
  const someStatus = slugs.length ? sql`${c.statusId} in (select fs.id from ${statuses} fs where fs.slug in (${list(slugs)}))` : sql`false`;
  const statusCond = f.statuses.length === 0 ? undefined : sql`(${someStatus}${none ? sql` or ${c.statusId} is null` : sql``})`;
  const boardCond = f.boards.length
    ? sql`${c.boardId} in (select fb.id from ${boards} fb where fb.slug in (${list(f.boards)}))`
    : undefined;
  return and(
    f.owner === 'none' ? sql`${c.ownerId} is null` : f.owner ? sql`${c.ownerId} = ${f.owner}::uuid` : undefined,
    except === 'status' ? undefined : statusCond,
    except === 'board' ? undefined : boardCond,
    except === 'show' ? undefined : showSql(f.show, c),
  );
}

/** Posts this actor may see in triage (not merged), matching the search if there is one; `posts` joined with `boards`. */
export function triageBaseSql(actor: Actor, f: TriageFilters): SQL {
  return and(
    visiblePostSql(actor),
    sql`${posts.mergedIntoId} is null`,
    f.q
      ? sql`(${posts.search} @@ websearch_to_tsquery('english', ${f.q}) or ${posts.title} ilike ${`%${f.q.replace(/[\\%_]/g, '\\$&')}%`})`
      : undefined,
  )!;
}

/** Posts with any of the chosen tags (undefined: no tag chosen). */
export function tagFilterSql(f: TriageFilters): SQL | undefined {
  if (!f.tagIds.length) return undefined;
  const ids = sql.join(
    f.tagIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`exists (select 1 from ${postTags} where ${postTags.postId} = ${posts.id} and ${postTags.tagId} in (${ids}))`;
}

/**
 * Each sort in the order of its index, so a page is an index scan: `posts_created_idx` read
 * backwards (`desc` is `nulls first`, as an ascending index reads backwards), and the `desc nulls
 * last` indexes posts_votes_idx, posts_trending_idx and posts_priority_idx (Drizzle writes `DESC
 * NULLS LAST`; with plain `desc` none of them matched and every page sorted every post). Every
 * sort column is NOT NULL, so the nulls' place changes no order.
 */
const SORT: Record<TriageSort, { column: SQL; order: SQL; key: SQL; cast: SQL }> = {
  newest: {
    column: sql`${posts.createdAt}`,
    order: sql`${posts.createdAt} desc, ${posts.id} desc`,
    // The sort value as exact text for the cursor (microseconds for times; shortest round-trip numbers).
    key: sql`to_char(${posts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    cast: sql`timestamptz`,
  },
  votes: {
    column: sql`${posts.voteCount}`,
    order: sql`${posts.voteCount} desc nulls last, ${posts.id} desc nulls last`,
    key: sql`${posts.voteCount}::text`,
    cast: sql`int`,
  },
  trending: {
    column: sql`${posts.trendingScore}`,
    order: sql`${posts.trendingScore} desc nulls last, ${posts.id} desc nulls last`,
    key: sql`${posts.trendingScore}::text`,
    cast: sql`double precision`,
  },
  priority: {
    column: sql`${posts.priority}`,
    order: sql`${posts.priority} desc nulls last, ${posts.id} desc nulls last`,
    key: sql`${posts.priority}::text`,
    cast: sql`double precision`,
  },
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
  approval: PostApproval;
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
  const { column, order, key, cast } = SORT[sort];
  const keyset = after ? sql`(${column}, ${posts.id}) < (${after.value}::${cast}, ${after.id}::uuid)` : undefined;
  return queryRows<TriageRow>(
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
          ${key} as sort_key
        from ${posts}
        join ${boards} on ${boards.id} = ${posts.boardId}
        left join ${statuses} on ${statuses.id} = ${posts.statusId}
        left join ${users} author on author.id = ${posts.authorId}
        left join ${users} owner on owner.id = ${posts.ownerId}
        where ${and(triageBaseSql(actor, f), tagFilterSql(f), facetFiltersSql(f, POST_FACET_COLUMNS), keyset)}
        order by ${order}
        limit ${limit}`,
    db,
  );
}

/**
 * SQL of the post lists (board page, home page, GET /api/v1/posts). Every row is scoped by
 * `visiblePostSql`; pages are keyset pages on the (board, key desc, id desc) indexes of
 * schema.ts, so page 500 costs what page 1 costs.
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { MENTION_PATTERN } from '@/core/mentions';
import type { DbOrTx } from '@/server/db/client';
import { boardMembers, boards, posts, postTags, statuses, tags, users, votes } from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';
import { VOTING_OPEN_CATEGORIES } from '@/features/statuses/enums';
import { listedPostSql, visiblePostSql } from '@/server/identity/visibility';
import type { CursorKey, ListOrder } from './list-cursor';
import type { Role } from '@/core/identity/roles';
import type { PostApproval } from '../enums';

export interface ListFilters {
  boardId?: string;
  /** A status slug. */
  status?: string;
  /** A tag name, matched without regard to case. */
  tag?: string;
  /** Full-text query (websearch syntax). */
  q?: string;
  /** Only open work: posts without a status or whose status's category takes votes (not done, not closed). */
  openOnly?: boolean;
}

const microsText = (col: typeof posts.createdAt | typeof posts.activityAt) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const tsQuery = (q: string) => sql`websearch_to_tsquery('english', ${q})`;
const rankSql = (q: string) => sql<number>`ts_rank(${posts.search}, ${tsQuery(q)})`.mapWith(Number);

function filterSql(actor: Actor, f: ListFilters): SQL | undefined {
  return and(
    visiblePostSql(actor),
    listedPostSql(actor),
    isNull(posts.mergedIntoId),
    f.boardId ? eq(posts.boardId, f.boardId) : undefined,
    f.status
      ? sql`${posts.statusId} in (select ${statuses.id} from ${statuses} where ${statuses.slug} = ${f.status.toLowerCase()})`
      : undefined,
    f.tag
      ? sql`exists (select 1 from ${postTags} join ${tags} on ${tags.id} = ${postTags.tagId}
          where ${postTags.postId} = ${posts.id} and lower(${tags.name}) = lower(${f.tag}))`
      : undefined,
    f.q ? sql`${posts.search} @@ ${tsQuery(f.q)}` : undefined,
    f.openOnly
      ? sql`(${posts.statusId} is null or ${posts.statusId} in (select ${statuses.id} from ${statuses}
          where ${statuses.category} in (${sql.join(
            VOTING_OPEN_CATEGORIES.map((c) => sql`${c}`),
            sql`, `,
          )})))`
      : undefined,
  );
}

interface OrderSpec {
  /** The columns of the keyset, most significant first (all descending). */
  columns: SQL[];
  /** The same key as parameters of the cursor's row. */
  params: (key: CursorKey) => SQL[];
}

function orderSpec(order: ListOrder, q: string | undefined): OrderSpec {
  const id = (k: CursorKey) => sql`${k.id}::uuid`;
  switch (order) {
    case 'trending':
      return { columns: [sql`${posts.trendingScore}`, sql`${posts.id}`], params: (k) => [sql`${k.value}::double precision`, id(k)] };
    case 'top':
      return { columns: [sql`${posts.voteCount}`, sql`${posts.id}`], params: (k) => [sql`${k.value}::int`, id(k)] };
    case 'new':
      return { columns: [sql`${posts.createdAt}`, sql`${posts.id}`], params: (k) => [sql`${k.value}::timestamptz`, id(k)] };
    case 'updated':
      return { columns: [sql`${posts.activityAt}`, sql`${posts.id}`], params: (k) => [sql`${k.value}::timestamptz`, id(k)] };
    case 'relevance':
      return { columns: [rankSql(q ?? ''), sql`${posts.id}`], params: (k) => [sql`${k.value}::real`, id(k)] };
  }
}

export interface ListPostRow {
  id: string;
  number: number;
  title: string;
  bodyStart: string;
  boardSlug: string;
  boardName: string;
  authorId: string | null;
  authorName: string | null;
  authorAvatar: string | null;
  authorRole: Role | null;
  authorDeleted: boolean;
  statusId: string | null;
  statusSlug: string | null;
  statusName: string | null;
  statusColor: string | null;
  statusCategory: 'open' | 'planned' | 'in_progress' | 'done' | 'closed' | null;
  voteCount: number;
  commentCount: number;
  pinned: boolean;
  approval: PostApproval;
  createdAt: Date;
  updatedAt: Date;
  trendingScore: number;
  createdKey: string;
  activityKey: string;
  rank: number | null;
}

export interface ListPostRowsOptions {
  order: ListOrder;
  /** Only pinned (true) or only unpinned (false) posts: a board's trending view lists them in two runs. */
  pinned?: boolean;
  /** Rows after this key in the list's order, or, with `backward`, before it. */
  after?: CursorKey;
  /**
   * Walk the list backwards from `after`: rows before it, nearest first (the caller reverses
   * them). The same index, scanned the other way (`asc nulls first` is `desc nulls last` reversed).
   */
  backward?: boolean;
  limit: number;
}

/** One page of posts (ask for limit + 1 to learn whether another page follows). */
export async function listPostRows(db: DbOrTx, actor: Actor, filters: ListFilters, opts: ListPostRowsOptions): Promise<ListPostRow[]> {
  return listPostRowsQuery(db, actor, filters, opts);
}

/** The statement of `listPostRows`, unexecuted (benchmarks EXPLAIN it). */
export function listPostRowsQuery(db: DbOrTx, actor: Actor, filters: ListFilters, opts: ListPostRowsOptions) {
  const spec = orderSpec(opts.order, filters.q);
  const compare = opts.backward ? sql`>` : sql`<`;
  const after = opts.after
    ? sql`(${sql.join(spec.columns, sql`, `)}) ${compare} (${sql.join(spec.params(opts.after), sql`, `)})`
    : undefined;
  const direction = opts.backward ? sql`asc nulls first` : sql`desc nulls last`;
  return (
    db
      .select({
        id: posts.id,
        number: posts.number,
        title: posts.title,
        // Enough for a 200-character excerpt after the Markdown is stripped.
        bodyStart: sql<string>`left(${posts.body}, 1200)`,
        boardSlug: boards.slug,
        boardName: boards.name,
        authorId: users.id,
        authorName: users.displayName,
        authorAvatar: users.avatarUrl,
        authorRole: users.role,
        authorDeleted: sql<boolean>`${users.deletedAt} is not null`,
        statusId: statuses.id,
        statusSlug: statuses.slug,
        statusName: statuses.name,
        statusColor: statuses.color,
        statusCategory: statuses.category,
        voteCount: posts.voteCount,
        commentCount: posts.commentCount,
        pinned: posts.pinned,
        approval: posts.approval,
        createdAt: posts.createdAt,
        updatedAt: posts.updatedAt,
        trendingScore: posts.trendingScore,
        createdKey: microsText(posts.createdAt),
        activityKey: microsText(posts.activityAt),
        rank: filters.q ? rankSql(filters.q) : sql<null>`null`,
      })
      .from(posts)
      .innerJoin(boards, eq(boards.id, posts.boardId))
      .leftJoin(statuses, eq(statuses.id, posts.statusId))
      .leftJoin(users, eq(users.id, posts.authorId))
      .where(and(filterSql(actor, filters), opts.pinned === undefined ? undefined : eq(posts.pinned, opts.pinned), after))
      // `nulls last` as in the indexes of schema.ts (Drizzle writes `DESC NULLS LAST`); without it no index matches.
      .orderBy(...spec.columns.map((c) => sql`${c} ${direction}`))
      .limit(opts.limit)
  );
}

/** How many posts match (the board page's result count). */
export async function countPostRows(db: DbOrTx, actor: Actor, filters: ListFilters): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(posts)
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .where(filterSql(actor, filters));
  return row?.n ?? 0;
}

/** The tags of the given posts. */
export async function listTagsOfPosts(db: DbOrTx, postIds: readonly string[]) {
  if (postIds.length === 0) return [];
  return db
    .select({ postId: postTags.postId, id: tags.id, name: tags.name, color: tags.color })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(inArray(postTags.postId, [...postIds]))
    .orderBy(sql`lower(${tags.name})`);
}

/**
 * What makes a person's lists differ from a visitor's (list-service.ts listsLikeVisitors): a
 * pending post of their own, and private boards granted to them.
 */
export async function readerFacts(db: DbOrTx, userId: string): Promise<{ ownPending: boolean; grantedBoards: boolean }> {
  const result = (await db.execute(sql`
    select exists (select 1 from ${posts} where ${posts.authorId} = ${userId} and ${posts.approval} = 'pending'
                     and ${posts.deletedAt} is null) as "ownPending",
           exists (select 1 from ${boardMembers} where ${boardMembers.userId} = ${userId}) as "grantedBoards"`)) as unknown as {
    rows: { ownPending: boolean; grantedBoards: boolean }[];
  };
  const row = result.rows[0];
  return { ownPending: row?.ownPending ?? true, grantedBoards: row?.grantedBoards ?? true };
}

/** Whether the post with this number is on a public board (whatever its own state). */
export async function isOnPublicBoard(db: DbOrTx, number: number): Promise<boolean> {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .where(and(eq(posts.number, number), eq(boards.visibility, 'public')))
    .limit(1);
  return rows.length > 0;
}

/** Which of the given posts this user has voted for. */
export async function votedPostIds(db: DbOrTx, userId: string, postIds: readonly string[]): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .select({ postId: votes.postId })
    .from(votes)
    .where(and(eq(votes.userId, userId), inArray(votes.postId, [...postIds])));
  return new Set(rows.map((r) => r.postId));
}

/**
 * Markers around ts_headline's matches: private-use characters that no keyboard types, split
 * into `{text, match}` runs by the service, so no markup ever reaches the browser.
 */
export const MATCH_START = '\uE000';
export const MATCH_STOP = '\uE001';
const TITLE_OPTIONS = `HighlightAll=true, StartSel="${MATCH_START}", StopSel="${MATCH_STOP}"`;
const BODY_OPTIONS = `MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … ", StartSel="${MATCH_START}", StopSel="${MATCH_STOP}"`;

/** The body a snippet is cut from: mention tokens written as `@Name`, so no fragment shows a token or its id. */
const snippetBody = sql`regexp_replace(left(${posts.body}, 20000), ${MENTION_PATTERN.source}, '@\\1', 'g')`;

/** The title and a body fragment of each post with the matches of `q` marked. */
export async function headlinesOf(db: DbOrTx, postIds: readonly string[], q: string) {
  if (postIds.length === 0) return [];
  return db
    .select({
      id: posts.id,
      title: sql<string>`ts_headline('english', ${posts.title}, ${tsQuery(q)}, ${TITLE_OPTIONS})`,
      body: sql<string>`ts_headline('english', ${snippetBody}, ${tsQuery(q)}, ${BODY_OPTIONS})`,
    })
    .from(posts)
    .where(inArray(posts.id, [...postIds]));
}

/** The statuses used by the listed posts of a board (the board page's status filter). */
export async function statusesInUse(db: DbOrTx, actor: Actor, boardId: string) {
  return db
    .select({ slug: statuses.slug, name: statuses.name })
    .from(statuses)
    .where(
      sql`exists (select 1 from ${posts} join ${boards} on ${boards.id} = ${posts.boardId}
        where ${posts.statusId} = ${statuses.id} and ${filterSql(actor, { boardId })})`,
    )
    .orderBy(statuses.position, statuses.name);
}

/** The tags used by the listed posts of a board (the board page's tag filter). */
export async function tagsInUse(db: DbOrTx, actor: Actor, boardId: string) {
  return db
    .select({ name: tags.name })
    .from(tags)
    .where(
      sql`exists (select 1 from ${postTags} join ${posts} on ${posts.id} = ${postTags.postId} join ${boards} on
        ${boards.id} = ${posts.boardId} where ${postTags.tagId} = ${tags.id} and ${filterSql(actor, { boardId })})`,
    )
    .orderBy(sql`lower(${tags.name})`);
}

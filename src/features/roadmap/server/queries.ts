/**
 * SQL of the roadmap. Every card is a post read through `visiblePostSql` (private boards, deleted
 * posts and other people's pending posts stay hidden exactly as everywhere else), approved and
 * not merged: pending, rejected and merged posts never sit on the roadmap, for anyone.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { boards, posts, postTags, statuses, tags, votes } from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';
import { visiblePostSql } from '@/server/identity/visibility';
import { DONE_WINDOW_DAYS, ROADMAP_CATEGORIES } from '../enums';

export type ColumnOrder = 'votes' | 'shipped';

/** The keyset of a column page: votes (int) or the time the post moved into the column (ISO, microseconds). */
export interface ColumnKey {
  order: ColumnOrder;
  value: number | string;
  id: string;
}

export interface CardFilters {
  boardId?: string;
  tag?: string;
  /** Only cards that moved into their column within DONE_WINDOW_DAYS (or, with `older`, before). */
  window?: 'recent' | 'older';
}

/** The on-roadmap statuses of the roadmap categories, in column order: category, then the admins' order. */
export async function roadmapStatusRows(db: DbOrTx) {
  return db
    .select({ id: statuses.id, slug: statuses.slug, name: statuses.name, color: statuses.color, category: statuses.category })
    .from(statuses)
    .where(and(eq(statuses.onRoadmap, true), inArray(statuses.category, [...ROADMAP_CATEGORIES])))
    .orderBy(
      sql`case ${statuses.category} when 'planned' then 0 when 'in_progress' then 1 else 2 end`,
      asc(statuses.position),
      asc(statuses.name),
    );
}

/** When a card moved into its column: its last status change, or its creation when it has none. */
const shippedAt = sql`coalesce(${posts.statusChangedAt}, ${posts.createdAt})`;
const shippedKey = sql<string>`to_char(${shippedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function cardWhere(actor: Actor, statusId: string, f: CardFilters): SQL | undefined {
  const cutoff = sql.raw(`now() - interval '${DONE_WINDOW_DAYS} days'`);
  return and(
    visiblePostSql(actor),
    eq(posts.approval, 'approved'),
    sql`${posts.mergedIntoId} is null`,
    eq(posts.statusId, statusId),
    f.boardId ? eq(posts.boardId, f.boardId) : undefined,
    f.tag
      ? sql`exists (select 1 from ${postTags} join ${tags} on ${tags.id} = ${postTags.tagId}
          where ${postTags.postId} = ${posts.id} and lower(${tags.name}) = lower(${f.tag}))`
      : undefined,
    f.window === 'recent' ? sql`${shippedAt} >= ${cutoff}` : f.window === 'older' ? sql`${shippedAt} < ${cutoff}` : undefined,
  );
}

export interface CardRow {
  id: string;
  number: number;
  title: string;
  voteCount: number;
  commentCount: number;
  boardSlug: string;
  boardName: string;
  boardArchived: boolean;
  statusChangedAt: Date | null;
  eta: string | null;
  etaPrecision: 'month' | 'quarter' | null;
  shippedKey: string;
}

/** One page of a column (ask for limit + 1 to learn whether another follows). */
export async function columnRows(
  db: DbOrTx,
  actor: Actor,
  statusId: string,
  filters: CardFilters,
  opts: { order: ColumnOrder; after?: ColumnKey; limit: number },
): Promise<CardRow[]> {
  const columns = opts.order === 'votes' ? [sql`${posts.voteCount}`, sql`${posts.id}`] : [shippedAt, sql`${posts.id}`];
  const after = opts.after
    ? sql`(${sql.join(columns, sql`, `)}) < (${
        opts.order === 'votes' ? sql`${opts.after.value}::int` : sql`${opts.after.value}::timestamptz`
      }, ${opts.after.id}::uuid)`
    : undefined;
  return db
    .select({
      id: posts.id,
      number: posts.number,
      title: posts.title,
      voteCount: posts.voteCount,
      commentCount: posts.commentCount,
      boardSlug: boards.slug,
      boardName: boards.name,
      boardArchived: sql<boolean>`${boards.archivedAt} is not null`,
      statusChangedAt: posts.statusChangedAt,
      eta: posts.eta,
      etaPrecision: posts.etaPrecision,
      shippedKey,
    })
    .from(posts)
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .where(and(cardWhere(actor, statusId, filters), after))
    .orderBy(...columns.map((c) => sql`${c} desc`))
    .limit(opts.limit);
}

/** How many cards a column holds with these filters. */
export async function countColumn(db: DbOrTx, actor: Actor, statusId: string, filters: CardFilters): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(posts)
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .where(cardWhere(actor, statusId, filters));
  return row?.n ?? 0;
}

/** The tags of the given posts, by name. */
export async function tagsOfPosts(db: DbOrTx, postIds: readonly string[]) {
  if (postIds.length === 0) return [];
  return db
    .select({ postId: postTags.postId, id: tags.id, name: tags.name, color: tags.color })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(inArray(postTags.postId, [...postIds]))
    .orderBy(sql`lower(${tags.name})`);
}

/** Which of the given posts this user has voted for. */
export async function votedIds(db: DbOrTx, userId: string, postIds: readonly string[]): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .select({ postId: votes.postId })
    .from(votes)
    .where(and(eq(votes.userId, userId), inArray(votes.postId, [...postIds])));
  return new Set(rows.map((r) => r.postId));
}

/** The tags used by cards this actor may see on the roadmap (the tag filter's choices). */
export async function roadmapTagNames(db: DbOrTx, actor: Actor): Promise<string[]> {
  const rows = await db
    .select({ name: tags.name })
    .from(tags)
    .where(
      sql`exists (select 1 from ${postTags} join ${posts} on ${posts.id} = ${postTags.postId}
        join ${boards} on ${boards.id} = ${posts.boardId} join ${statuses} on ${statuses.id} = ${posts.statusId}
        where ${postTags.tagId} = ${tags.id} and ${statuses.onRoadmap} and ${posts.approval} = 'approved'
        and ${posts.mergedIntoId} is null and ${visiblePostSql(actor)})`,
    )
    .orderBy(sql`lower(${tags.name})`);
  return rows.map((r) => r.name);
}

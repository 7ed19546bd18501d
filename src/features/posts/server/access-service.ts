/**
 * Which posts an actor may see, and the one lookup every post action starts from
 * (SPEC.md §4, §6). A post is visible when its board is, it is not deleted, and it is approved,
 * or it is pending and the actor is its author or on the team. Rejected posts are seen by the
 * team only. Anything else answers 404.
 */
import { DELETED_PERSON_NAME } from '@/core/identity/person';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BoardRow } from '@/features/boards/server/access-service';
import { isVotingOpenCategory, type StatusCategory } from '@/features/statuses/schema';
import { queryRows, type DbOrTx } from '@/server/db/client';
import { boards, posts, statuses, users } from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';
import { visiblePostSql } from '@/server/identity/visibility';
import { AppError } from '@/server/http/errors';
import type { VotingClosedCode } from '../enums';
import type { Role } from '@/core/identity/roles';
import type { ErrorReason } from '@/lib/error-codes';

export type PostRow = typeof posts.$inferSelect;

/** What a post shows of another post it refers to, when the reader may see that post. */
export interface PostRef {
  number: number;
  title: string;
}

/**
 * The one way to read the posts that a post refers to: the post it was merged into, the
 * duplicates merged into it, and any later reference (notifications, changelog links, webhooks).
 * `match` is a condition on `posts` that selects the referenced posts; only those this actor may
 * see (visiblePostSql, the rule of the post lookup itself) are read, so a reference to a
 * private-board, pending, rejected or deleted post reads as nothing to whoever may not see it.
 * It is a scalar subquery answering a JSON array of PostRef ordered by number (`[]` when
 * nothing visible matches). The subquery reads `posts` and `boards` under their own names: to
 * correlate it with an outer query over posts, alias the outer table.
 */
export function visiblePostRefsSql(actor: Actor, match: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('number', ${posts.number}, 'title', ${posts.title}) order by ${posts.number}), '[]'::json)
    from ${posts} join ${boards} on ${boards.id} = ${posts.boardId}
    where ${match} and ${visiblePostSql(actor)})`;
}

/** visiblePostRefsSql on its own, for a caller that has no statement to put it in. */
export async function readVisiblePostRefs(db: DbOrTx, actor: Actor, match: SQL): Promise<PostRef[]> {
  const result = await queryRows<{ refs: PostRef[] }>(sql`select ${visiblePostRefsSql(actor, match)} as refs`, db);
  return result[0]?.refs ?? [];
}

/**
 * Where a merged post went, as the reader may see it (SPEC.md §4): the target's number and title,
 * or, when the target is hidden from the reader, only the fact that the post was merged (all
 * null), so it still reads as a read-only duplicate without naming what it was merged into.
 */
export type MergedIntoRef = PostRef | { number: null; title: null };

const HIDDEN_POST_REF = { number: null, title: null } as const;

/** The merge reference of a post merged into `mergedIntoId` (null when not merged), from what visiblePostRefsSql found of it. */
export function mergedIntoRefOf(mergedIntoId: string | null, visibleTargets: PostRef[]): MergedIntoRef | null {
  if (!mergedIntoId) return null;
  return visibleTargets[0] ?? HIDDEN_POST_REF;
}

/** mergedIntoRefOf with its own read, for a caller that has no statement to put it in. */
export async function readMergedIntoRef(db: DbOrTx, actor: Actor, mergedIntoId: string | null): Promise<MergedIntoRef | null> {
  if (!mergedIntoId) return null;
  return mergedIntoRefOf(mergedIntoId, await readVisiblePostRefs(db, actor, sql`${posts.id} = ${mergedIntoId}::uuid`));
}

export interface PostContext {
  post: PostRow;
  board: BoardRow;
  status: { id: string; slug: string; name: string; color: string; category: StatusCategory } | null;
  author: { id: string; displayName: string; role: Role; deleted: boolean } | null;
}

/**
 * The post with this number as the actor may see it, with its board, status and author;
 * NOT_FOUND when it does not exist or is hidden. `forUpdate` locks the post row (inside a
 * transaction) so counters and state change one writer at a time.
 *
 * The lock is taken by a statement of its own, before the read. On PostgreSQL (READ COMMITTED)
 * a `SELECT … JOIN … FOR UPDATE OF posts` that waited for another writer returns that writer's
 * new post row but the joined rows it found before waiting: after a concurrent status change, the
 * post's new status_id with its old status (the history entry's "from" was wrong, and a vote
 * could pass on a post just closed). A read after the lock sees the committed state whole.
 */
export async function getPostContext(db: DbOrTx, actor: Actor, number: number, opts: { forUpdate?: boolean } = {}): Promise<PostContext> {
  if (opts.forUpdate) await db.select({ id: posts.id }).from(posts).where(eq(posts.number, number)).for('update');
  const query = db
    .select({
      post: posts,
      board: boards,
      status: { id: statuses.id, slug: statuses.slug, name: statuses.name, color: statuses.color, category: statuses.category },
      author: { id: users.id, displayName: users.displayName, role: users.role, deletedAt: users.deletedAt },
    })
    .from(posts)
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .leftJoin(statuses, eq(statuses.id, posts.statusId))
    .leftJoin(users, eq(users.id, posts.authorId))
    .where(and(eq(posts.number, number), visiblePostSql(actor)))
    .limit(1);
  const [row] = await query;
  if (!row) throw new AppError('NOT_FOUND', 'There is no such post.');
  return {
    post: row.post,
    board: row.board,
    status: row.status?.id ? row.status : null,
    author: row.author?.id
      ? {
          id: row.author.id,
          displayName: row.author.deletedAt ? DELETED_PERSON_NAME : row.author.displayName,
          role: row.author.role,
          deleted: Boolean(row.author.deletedAt),
        }
      : null,
  };
}

/**
 * Voting is closed for done and closed statuses, merged posts, archived boards, and posts not
 * (yet) approved (SPEC.md §4). Votes already cast stay.
 */
export function votingClosedCode(ctx: Pick<PostContext, 'post' | 'board' | 'status'>): VotingClosedCode | null {
  if (ctx.post.mergedIntoId) return 'merged';
  if (ctx.board.archivedAt) return 'archived';
  if (!isVotingOpenCategory(ctx.status?.category)) return 'closed';
  if (ctx.post.approval !== 'approved') return 'pending';
  return null;
}

const VOTING_CLOSED: Record<VotingClosedCode, string> = {
  merged: 'This post was merged into another; vote there.',
  archived: 'This board is archived.',
  closed: 'Voting is closed for this post.',
  pending: 'This post is awaiting approval.',
};

/** The reason a page says in its own words (closed is VOTING_CLOSED's usual message). */
const VOTING_CLOSED_REASONS: Record<VotingClosedCode, ErrorReason | undefined> = {
  merged: 'votingMerged',
  archived: 'votingArchived',
  closed: undefined,
  pending: 'votingPending',
};

export function assertVotingOpen(ctx: Pick<PostContext, 'post' | 'board' | 'status'>): void {
  const code = votingClosedCode(ctx);
  if (code) throw new AppError('VOTING_CLOSED', VOTING_CLOSED[code], { reason: VOTING_CLOSED_REASONS[code] });
}

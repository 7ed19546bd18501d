/** SQL for comments. Reads are scoped: internal notes for the team only, pending comments for their author and the team. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { comments, posts, users } from '@/server/db/schema';
import type { Role } from '@/core/identity/roles';

export type CommentRow = typeof comments.$inferSelect;

const commentColumns = {
  comment: comments,
  author: { id: users.id, displayName: users.displayName, avatarUrl: users.avatarUrl, role: users.role, deletedAt: users.deletedAt },
};

export type CommentWithAuthor = {
  comment: CommentRow;
  author: {
    id: string;
    displayName: string;
    avatarUrl: string | null;
    role: Role;
    deletedAt: Date | null;
  } | null;
};

/** What of a post's comments the viewer may see: internal notes only for the team. */
function visibleCommentSql(viewer: { id: string | null; team: boolean }) {
  if (viewer.team) return sql`true`;
  return sql`(${comments.internal} = false and (${comments.approval} = 'approved' or ${comments.authorId} = ${viewer.id}::uuid))`;
}

/** A post's comments, oldest first, deleted ones included (shown as placeholders). */
export async function listPostComments(
  db: DbOrTx,
  postId: string,
  viewer: { id: string | null; team: boolean },
): Promise<CommentWithAuthor[]> {
  const rows = await db
    .select(commentColumns)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(and(eq(comments.postId, postId), visibleCommentSql(viewer)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map(normalise);
}

/** One live comment with its author and its post's number; `forUpdate` locks the comment. */
export async function getComment(
  db: DbOrTx,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<(CommentWithAuthor & { postNumber: number }) | undefined> {
  const query = db
    .select({ ...commentColumns, postNumber: posts.number })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(and(eq(comments.id, id), sql`${comments.deletedAt} is null`))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update', { of: comments }) : await query;
  return row ? { ...normalise(row), postNumber: row.postNumber } : undefined;
}

function normalise(row: { comment: CommentRow; author: CommentWithAuthor['author'] | { id: null } | null }): CommentWithAuthor {
  return { comment: row.comment, author: row.author && row.author.id ? (row.author as CommentWithAuthor['author']) : null };
}

export async function insertComment(
  db: DbOrTx,
  values: { postId: string; authorId: string; createdByKeyId?: string | null; body: string; internal: boolean },
): Promise<CommentRow> {
  const [row] = await db.insert(comments).values(values).returning();
  return row!;
}

export async function updateCommentBody(db: DbOrTx, id: number, body: string): Promise<CommentRow> {
  const [row] = await db
    .update(comments)
    .set({ body, editedAt: sql`now()` })
    .where(eq(comments.id, id))
    .returning();
  return row!;
}

export async function softDeleteComment(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(comments)
    .set({ deletedAt: sql`now()` })
    .where(eq(comments.id, id));
}

/**
 * Moves posts.comment_count by `delta` (public comments: not internal, approved) and bumps the
 * post's activity, in the caller's transaction; `teamAnswered` marks the post answered by the team.
 */
export async function adjustPostCommentCount(
  db: DbOrTx,
  postId: string,
  delta: number,
  opts: { activity: boolean; teamAnswered?: boolean },
): Promise<void> {
  await db
    .update(posts)
    .set({
      commentCount: sql`greatest(0, ${posts.commentCount} + ${delta})`,
      ...(opts.activity ? { activityAt: sql`now()` } : {}),
      // The triage filter "the team has not responded" (SPEC.md §2) reads this.
      ...(opts.teamAnswered ? { teamRespondedAt: sql`coalesce(${posts.teamRespondedAt}, now())` } : {}),
    })
    .where(eq(posts.id, postId));
}

/** The user's own comments on a post, in any state: what their page shows of theirs alone. */
export async function ownCommentsOn(
  db: DbOrTx,
  userId: string,
  postId: string,
): Promise<{ id: number; createdAt: Date; deleted: boolean; approved: boolean }[]> {
  return db
    .select({
      id: comments.id,
      createdAt: comments.createdAt,
      deleted: sql<boolean>`${comments.deletedAt} is not null`,
      approved: sql<boolean>`${comments.approval} = 'approved'`,
    })
    .from(comments)
    .where(and(eq(comments.postId, postId), eq(comments.authorId, userId)));
}

/** Whether the user wrote the post with this number, or any comment on it (in any state). */
export async function hasOwnContentOn(db: DbOrTx, userId: string, postNumber: number): Promise<boolean> {
  const rows = await db
    .select({ own: sql<boolean>`true` })
    .from(posts)
    .where(
      and(
        eq(posts.number, postNumber),
        sql`(${posts.authorId} = ${userId} or exists (select 1 from ${comments} c where c.post_id = ${posts.id} and c.author_id = ${userId}))`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Moderation (SPEC.md §4, §6): approving or rejecting pending posts and comments, pinning, and
 * the triage inbox. A post leaves `pending` once: approving makes it public, rejecting hides
 * it and tells the author by email (queued in the same transaction, sent after the commit).
 */
import { kickJobs } from '@/server/jobs/queue';
import { emitEvent } from '@/server/events';
import { presentPerson } from '@/core/identity/person';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/features/audit/server/service';
import { getPostContext } from '@/features/posts/server/access-service';
import { postSlug } from '@/features/posts/schema';
import { getPublicWorkspace } from '@/server/workspace';
import { plainExcerpt } from '@/lib/markdown-tree';
import { db } from '@/server/db/client';
import { comments, posts } from '@/server/db/schema';
import type { Actor, UserActor } from '@/server/identity/actor';
import { isUuid, requireCursor, timeIdCursor, type CursorCodec } from '@/server/http/cursor';
import { AppError } from '@/server/http/errors';
import { enqueueEmail, kickEmailDelivery } from '@/server/mail/outbox';
import type { Inbox, InboxComment, InboxPost, InboxQuery } from '../schema';
import { postRejectedEmail } from './emails';
import {
  countPendingComments as countPendingCommentRows,
  getCommentForUpdate,
  getUserEmail,
  listPendingComments,
  listPendingPosts,
  listUntriagedPosts,
  type InboxCommentRow,
  type InboxPostRow,
  type PageKey,
} from './queries';

const isCommentId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
/** The inbox sections' cursors: the last row's exact (created_at, id); posts have uuids, comments numbers. */
const postCursor = timeIdCursor(isUuid);
const commentCursor = timeIdCursor(isCommentId);

const authorOf = (r: { authorId: string | null; authorName: string | null; authorDeletedAt: Date | null }) =>
  r.authorId
    ? {
        id: r.authorId,
        displayName: presentPerson({ id: r.authorId, displayName: r.authorName, deleted: r.authorDeletedAt !== null }).displayName,
      }
    : null;

const toInboxPost = (r: InboxPostRow): InboxPost => ({
  id: r.id,
  number: r.number,
  slug: postSlug(r.title),
  title: r.title,
  excerpt: plainExcerpt(r.body, 160),
  board: { slug: r.boardSlug, name: r.boardName },
  author: authorOf(r),
  approval: r.approval,
  createdAt: r.createdAt.toISOString(),
});

const toInboxComment = (r: InboxCommentRow): InboxComment => ({
  id: r.id,
  excerpt: plainExcerpt(r.body, 160),
  post: { number: r.postNumber, slug: postSlug(r.postTitle), title: r.postTitle },
  author: authorOf(r),
  createdAt: r.createdAt.toISOString(),
});

function paged<R extends { key: string }, T, Id>(
  rows: R[],
  limit: number,
  map: (r: R) => T,
  codec: CursorCodec<{ createdAt: string; id: Id }>,
  idOf: (r: R) => Id,
) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page.map(map), nextCursor: rows.length > limit && last ? codec.encode({ createdAt: last.key, id: idOf(last) }) : null };
}

/** The team's triage inbox: posts and comments awaiting approval, and new posts without a status. */
export async function getInbox(actor: Actor, query: InboxQuery): Promise<Inbox> {
  const pending: PageKey | undefined = query.pendingCursor ? requireCursor(postCursor, query.pendingCursor, 'pendingCursor') : undefined;
  const untriaged: PageKey | undefined = query.untriagedCursor
    ? requireCursor(postCursor, query.untriagedCursor, 'untriagedCursor')
    : undefined;
  const commentsAfter = query.commentsCursor ? requireCursor(commentCursor, query.commentsCursor, 'commentsCursor') : undefined;
  // One connection on PGlite: the three reads run one after the other anyway.
  const pendingRows = await listPendingPosts(db(), actor, pending, query.limit + 1);
  const commentRows = await listPendingComments(db(), actor, commentsAfter, query.limit + 1);
  const untriagedRows = await listUntriagedPosts(db(), actor, untriaged, query.limit + 1);
  return {
    pendingPosts: paged(pendingRows, query.limit, toInboxPost, postCursor, (r) => r.id),
    pendingComments: paged(commentRows, query.limit, toInboxComment, commentCursor, (r) => r.id),
    untriagedPosts: paged(untriagedRows, query.limit, toInboxPost, postCursor, (r) => r.id),
  };
}

/** Approves or rejects a pending post; anything not pending is a CONFLICT. */
export async function decidePostApproval(
  actor: UserActor,
  number: number,
  approval: 'approved' | 'rejected',
  ip: string,
): Promise<{ number: number; approval: 'approved' | 'rejected' }> {
  const workspace = approval === 'rejected' ? await getPublicWorkspace() : undefined;
  let queuedEmail = false;
  await db().transaction(async (tx) => {
    const ctx = await getPostContext(tx, actor, number, { forUpdate: true });
    if (ctx.post.approval !== 'pending') {
      throw new AppError(
        'CONFLICT',
        ctx.post.approval === 'approved' ? 'This post was already approved.' : 'This post was already rejected.',
        { reason: ctx.post.approval === 'approved' ? 'postAlreadyApproved' : 'postAlreadyRejected' },
      );
    }
    await tx.update(posts).set({ approval }).where(eq(posts.id, ctx.post.id));
    await recordAudit(
      {
        actor,
        action: approval === 'approved' ? 'post.approved' : 'post.rejected',
        targetType: 'post',
        targetId: String(number),
        before: { approval: 'pending' },
        after: { approval },
        ip,
      },
      tx,
    );
    await emitEvent(tx, { type: 'post.approval_decided', postId: ctx.post.id, approval, actorId: actor.id });
    if (approval === 'rejected' && ctx.post.authorId) {
      const author = await getUserEmail(tx, ctx.post.authorId);
      if (author && !author.deleted) {
        await enqueueEmail(
          postRejectedEmail(author.email, workspace!.name, { title: ctx.post.title }, author.locale ?? workspace!.defaultLocale),
          tx,
        );
        queuedEmail = true;
      }
    }
  });
  if (queuedEmail) kickEmailDelivery();
  kickJobs();
  return { number, approval };
}

/** Pins or unpins a post (pinned posts lead their board's list). */
export async function setPostPinned(
  actor: UserActor,
  number: number,
  pinned: boolean,
  ip: string,
): Promise<{ number: number; pinned: boolean }> {
  return db().transaction(async (tx) => {
    const ctx = await getPostContext(tx, actor, number, { forUpdate: true });
    if (ctx.post.pinned !== pinned) {
      await tx.update(posts).set({ pinned }).where(eq(posts.id, ctx.post.id));
      await recordAudit(
        {
          actor,
          action: pinned ? 'post.pinned' : 'post.unpinned',
          targetType: 'post',
          targetId: String(number),
          before: { pinned: !pinned },
          after: { pinned },
          ip,
        },
        tx,
      );
    }
    return { number, pinned };
  });
}

/**
 * Approves or rejects a pending comment. Approving a public comment adds it to the post's
 * comment count (which counts approved, public, live comments), under the post's row lock.
 */
export async function decideCommentApproval(
  actor: UserActor,
  id: number,
  approval: 'approved' | 'rejected',
  ip: string,
): Promise<{ id: number; approval: 'approved' | 'rejected' }> {
  const decided = await db().transaction(async (tx) => {
    const peek = await tx.select({ postId: comments.postId }).from(comments).where(eq(comments.id, id)).limit(1);
    if (!peek[0]) throw new AppError('NOT_FOUND', 'There is no such comment.');
    // The post first, then the comment: the same lock order as every other comment change.
    await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, peek[0].postId)).for('update');
    const row = await getCommentForUpdate(tx, id);
    if (!row || row.comment.deletedAt || row.postDeletedAt) throw new AppError('NOT_FOUND', 'There is no such comment.');
    if (row.comment.approval !== 'pending')
      throw new AppError('CONFLICT', 'This comment is not awaiting approval.', { reason: 'commentNotPending' });
    await tx.update(comments).set({ approval }).where(eq(comments.id, id));
    if (approval === 'approved' && !row.comment.internal) {
      await tx
        .update(posts)
        .set({ commentCount: sql`${posts.commentCount} + 1`, activityAt: sql`now()` })
        .where(eq(posts.id, row.postId));
    }
    await recordAudit(
      {
        actor,
        action: approval === 'approved' ? 'comment.approved' : 'comment.rejected',
        targetType: 'comment',
        targetId: String(id),
        before: { approval: 'pending' },
        after: { approval },
        ip,
      },
      tx,
    );
    await emitEvent(tx, { type: 'comment.approval_decided', postId: row.postId, commentId: id, approval, actorId: actor.id });
    return { id, approval };
  });
  kickJobs();
  return decided;
}

/** How many comments await approval (the triage page links to them). */
export function countPendingComments(actor: Actor): Promise<number> {
  return countPendingCommentRows(db(), actor);
}

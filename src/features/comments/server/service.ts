/**
 * Comments (SPEC.md §3, §6): Markdown, edit within the window, soft delete, team-only internal
 * notes. posts.comment_count counts the public ones (not deleted, not internal, approved) and is
 * kept in the same transaction as the comment.
 */
import { kickJobs } from '@/server/jobs/queue';
import { emitEvent } from '@/server/events';
import { authorOf } from '@/features/posts/server/service';
import { canDeleteContent, canEditContent, isTeamMember, canParticipate } from '@/core/identity/policy';
import { recordAudit } from '@/features/audit/server/service';
import { getPostContext } from '@/features/posts/server/access-service';
import { autoSubscribe } from '@/features/subscriptions/server/service';
import { settleImagesOfText } from '@/features/attachments/server/service';
import { db, type DbOrTx } from '@/server/db/client';
import type { Actor, UserActor } from '@/server/identity/actor';
import { findOrCreateCustomer, requireCustomerActor } from '@/features/members/server/customer-service';
import { AppError } from '@/server/http/errors';
import type { Comment, CommentInput } from '../schema';
import {
  adjustPostCommentCount,
  getComment,
  hasOwnContentOn,
  insertComment,
  listPostComments,
  ownCommentsOn,
  softDeleteComment,
  updateCommentBody,
  type CommentRow,
  type CommentWithAuthor,
} from './queries';

const countsPublicly = (c: Pick<CommentRow, 'internal' | 'approval'>) => !c.internal && c.approval === 'approved';

export function toComment({ comment, author }: CommentWithAuthor, postNumber: number): Comment {
  const deleted = comment.deletedAt !== null;
  const gone = !author || author.deletedAt !== null;
  return {
    id: comment.id,
    postNumber,
    // A deleted comment keeps its place in the thread, and nothing else.
    author: deleted
      ? { id: null, displayName: '', avatarUrl: null, isTeam: false }
      : authorOf(author && { id: author.id, displayName: author.displayName, role: author.role, deleted: gone }, author?.avatarUrl ?? null),
    body: deleted ? null : comment.body,
    internal: comment.internal,
    createdAt: comment.createdAt.toISOString(),
    editedAt: deleted ? null : (comment.editedAt?.toISOString() ?? null),
    deleted,
  };
}

const viewerOf = (actor: Actor) => ({ id: actor.kind === 'user' ? actor.id : null, team: isTeamMember(actor) });

/** The rows of a post's comments as the actor may see them (the post page renders them). */
/** Whether the user wrote the post with this number or any comment on it (in any state): one indexed read. */
export function wroteOnPost(userId: string, postNumber: number): Promise<boolean> {
  return hasOwnContentOn(db(), userId, postNumber);
}

/** The user's own comments on a post (by id), in any state. */
export function ownCommentsOnPost(userId: string, postId: string) {
  return ownCommentsOn(db(), userId, postId);
}

export async function listCommentRows(handle: DbOrTx, actor: Actor, postId: string): Promise<CommentWithAuthor[]> {
  return listPostComments(handle, postId, viewerOf(actor));
}

export async function listComments(actor: Actor, postNumber: number): Promise<Comment[]> {
  const ctx = await getPostContext(db(), actor, postNumber);
  const rows = await listCommentRows(db(), actor, ctx.post.id);
  return rows.map((r) => toComment(r, ctx.post.number));
}

export async function createComment(actor: UserActor, postNumber: number, input: CommentInput, ip?: string): Promise<Comment> {
  if (input.onBehalfOf) {
    requireCustomerActor(actor);
    if (input.internal) {
      const message = 'An internal note is the team’s own: it cannot be written for a customer.';
      throw new AppError('VALIDATION_FAILED', message, { fields: { internal: message }, reason: 'internalNoteForCustomer' });
    }
  }
  const created = await db().transaction(async (tx) => {
    const ctx = await getPostContext(tx, actor, postNumber, { forUpdate: true });
    const open = canParticipate(actor, { posting: ctx.board.posting, archived: ctx.board.archivedAt !== null });
    if (open !== 'allow') {
      throw new AppError(
        'FORBIDDEN',
        ctx.board.archivedAt ? 'This board is archived and takes no new comments.' : 'Only the team can comment on this board.',
        { reason: ctx.board.archivedAt ? 'commentsArchived' : 'commentsTeamOnly' },
      );
    }
    if (ctx.post.mergedIntoId)
      throw new AppError('FORBIDDEN', 'This post was merged into another; comment there.', { reason: 'postMergedComment' });
    if (input.internal && !isTeamMember(actor))
      throw new AppError('FORBIDDEN', 'Only the team can write internal notes.', { reason: 'internalNotesTeamOnly' });
    const customer = input.onBehalfOf
      ? (await findOrCreateCustomer(tx, input.onBehalfOf, { actor, createdAction: 'member.created_for_customer', ip })).user
      : null;
    const author = customer
      ? { id: customer.id, displayName: customer.displayName, avatarUrl: customer.avatarUrl, role: customer.role, deletedAt: null }
      : { id: actor.id, displayName: actor.displayName, avatarUrl: actor.avatarUrl, role: actor.role, deletedAt: null };
    const comment = await insertComment(tx, {
      postId: ctx.post.id,
      authorId: author.id,
      createdByKeyId: actor.apiKey?.id ?? null,
      body: input.body,
      internal: input.internal,
    });
    await settleImagesOfText(tx, { postId: ctx.post.id, commentId: comment.id, authorId: actor.id, body: input.body });
    // An internal note is not public activity: it neither counts nor moves the post up in "updated".
    // A customer's comment is not the team answering, even when a team key wrote it.
    if (countsPublicly(comment))
      await adjustPostCommentCount(tx, ctx.post.id, 1, { activity: true, teamAnswered: !customer && isTeamMember(actor) });
    await autoSubscribe(tx, author.id, ctx.post.id);
    await emitEvent(tx, { type: 'comment.created', postId: ctx.post.id, commentId: comment.id, actorId: actor.id });
    return toComment({ comment, author }, ctx.post.number);
  });
  kickJobs();
  return created;
}

/** The live comment the actor may see (its post visible too; internal notes for the team only), locked. */
async function lockVisibleComment(tx: DbOrTx, actor: UserActor, id: number) {
  const found = await getComment(tx, id, { forUpdate: true });
  if (!found || (found.comment.internal && !isTeamMember(actor))) throw new AppError('NOT_FOUND', 'There is no such comment.');
  await getPostContext(tx, actor, found.postNumber);
  return found;
}

const ownedContentOf = ({ comment, author }: CommentWithAuthor) => ({
  authorId: comment.authorId,
  authorRole: author?.role ?? null,
  createdAt: comment.createdAt,
});

export async function updateComment(actor: UserActor, id: number, body: string, ip: string): Promise<Comment> {
  return db().transaction(async (tx) => {
    const found = await lockVisibleComment(tx, actor, id);
    if (canEditContent(actor, ownedContentOf(found)) !== 'allow') {
      throw new AppError(
        'FORBIDDEN',
        found.comment.authorId === actor.id ? 'The 30-minute edit window for this comment has closed.' : 'You cannot edit this comment.',
        found.comment.authorId === actor.id ? { reason: 'commentEditWindowClosed' } : {},
      );
    }
    const comment = await updateCommentBody(tx, id, body);
    await settleImagesOfText(tx, { postId: found.comment.postId, commentId: id, authorId: actor.id, body });
    if (found.comment.authorId !== actor.id) {
      await recordAudit(
        {
          actor,
          action: 'comment.edited',
          targetType: 'comment',
          targetId: String(id),
          before: { body: found.comment.body },
          after: { body },
          ip,
        },
        tx,
      );
    }
    return toComment({ comment, author: found.author }, found.postNumber);
  });
}

export async function deleteComment(actor: UserActor, id: number, ip: string): Promise<void> {
  await db().transaction(async (tx) => {
    const found = await lockVisibleComment(tx, actor, id);
    if (canDeleteContent(actor, ownedContentOf(found)) !== 'allow') throw new AppError('FORBIDDEN', 'You cannot delete this comment.');
    await softDeleteComment(tx, id);
    if (countsPublicly(found.comment)) await adjustPostCommentCount(tx, found.comment.postId, -1, { activity: false });
    if (found.comment.authorId !== actor.id) {
      await recordAudit(
        { actor, action: 'comment.deleted', targetType: 'comment', targetId: String(id), before: { body: found.comment.body }, ip },
        tx,
      );
    }
  });
}

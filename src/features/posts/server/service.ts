/**
 * Posts (SPEC.md §3, §4, §6): create (with moderation), read one, edit within the window,
 * soft delete, and similar-post suggestions.
 */
import { settleImagesOfText } from '@/features/attachments/server/service';
import { kickJobs } from '@/server/jobs/queue';
import { emitEvent } from '@/server/events';
import { presentPerson } from '@/core/identity/person';
import { canDeleteContent, canEditContent, isTeamMember, canParticipate } from '@/core/identity/policy';
import { recordAudit } from '@/features/audit/server/service';
import { findOrCreateCustomer, requireCustomerActor } from '@/features/members/server/customer-service';
import { getVisibleBoard } from '@/features/boards/server/access-service';
import { getWorkspaceSettingsForAdmin } from '@/features/settings/server/service';
import { autoSubscribe } from '@/features/subscriptions/server/service';
import { plainExcerpt } from '@/lib/markdown-tree';
import { db, type DbOrTx } from '@/server/db/client';
import type { Actor, UserActor } from '@/server/identity/actor';
import { AppError } from '@/server/http/errors';
import {
  postSlug,
  type Author,
  type NewPostInput,
  type PostApproval,
  type PostDetail,
  type PostUpdateInput,
  type SimilarPost,
} from '../schema';
import { getPostContext, mergedIntoRefOf, type PostContext } from './access-service';
import type { EditRefusalCode } from '../enums';
import { isVotingOpenCategory } from '@/features/statuses/schema';
import type { ErrorReason } from '@/lib/error-codes';
import {
  authorHasApprovedPost,
  getPostExtras,
  insertPost,
  listSimilarPosts,
  softDeletePost,
  updatePostContent,
  type PostExtras,
} from './queries';
import type { ModerationMode } from '@/core/workspace';

/** How the public sees a person: name, avatar, and whether they speak for the team. */
export function authorOf(
  person: { id: string; displayName: string; role: string; deleted: boolean } | null,
  avatarUrl: string | null,
): Author {
  const shown = presentPerson(person && { ...person, avatarUrl });
  return { ...shown, isTeam: shown.id !== null && (person?.role === 'moderator' || person?.role === 'admin') };
}

/** Where the post was merged, as the reader may see it: a hidden target leaves number, slug and title null. */
function mergedIntoOf(ctx: PostContext, extras: PostExtras): PostDetail['mergedInto'] {
  const ref = mergedIntoRefOf(ctx.post.mergedIntoId, extras.mergedInto);
  if (!ref) return null;
  return ref.number === null
    ? { number: null, slug: null, title: null }
    : { number: ref.number, slug: postSlug(ref.title), title: ref.title };
}

export function toPostDetail(ctx: PostContext, extras: PostExtras): PostDetail {
  const { post, board, status } = ctx;
  return {
    id: post.id,
    number: post.number,
    slug: postSlug(post.title),
    title: post.title,
    excerpt: plainExcerpt(post.body),
    body: post.body,
    board: { slug: board.slug, name: board.name },
    author: authorOf(ctx.author, extras.authorAvatarUrl),
    status,
    tags: extras.tags,
    voteCount: post.voteCount,
    commentCount: post.commentCount,
    voted: extras.voted,
    pinned: post.pinned,
    approval: post.approval,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    statusChangedAt: post.statusChangedAt?.toISOString() ?? null,
    mergedInto: mergedIntoOf(ctx, extras),
    boardArchived: Boolean(board.archivedAt),
  };
}

/** A post with everything its page needs around it; NOT_FOUND when hidden. */
export async function loadPost(
  handle: DbOrTx,
  actor: Actor,
  number: number,
  voterLimit = 20,
): Promise<{ ctx: PostContext; extras: PostExtras }> {
  const ctx = await getPostContext(handle, actor, number);
  const extras = await getPostExtras(handle, actor, ctx.post, { voterLimit });
  return { ctx, extras };
}

export async function getPostDetail(actor: Actor, number: number): Promise<PostDetail> {
  const { ctx, extras } = await loadPost(db(), actor, number, 0);
  return toPostDetail(ctx, extras);
}

const OPEN_REFUSALS = {
  archived: 'This board is archived and takes no new posts.',
  team: 'Only the team can post on this board.',
};

/**
 * With moderation on (SPEC.md §4) a post waits for approval: every non-team post under `all`,
 * and under `new_members` the posts of people who have no approved post yet.
 */
async function approvalFor(tx: DbOrTx, actor: UserActor, mode: ModerationMode): Promise<PostApproval> {
  if (isTeamMember(actor) || mode === 'off') return 'approved';
  if (mode === 'all') return 'pending';
  return (await authorHasApprovedPost(tx, actor.id)) ? 'approved' : 'pending';
}

/**
 * A new post by the actor, or (an API key with `onBehalfOf`) by a customer, found or created as
 * a member; a post written with a key records the key.
 */
export async function createPost(actor: UserActor, input: NewPostInput, ip?: string): Promise<PostDetail> {
  if (input.onBehalfOf) requireCustomerActor(actor);
  // Read before the transaction: PGlite has one connection, and db() inside it would wait forever.
  const { moderation } = await getWorkspaceSettingsForAdmin();
  const number = await db().transaction(async (tx) => {
    const board = await getVisibleBoard(tx, actor, input.board);
    const open = canParticipate(actor, { posting: board.posting, archived: board.archivedAt !== null });
    if (open === 'unauthenticated') throw new AppError('UNAUTHENTICATED');
    if (open === 'forbidden') {
      const archived = board.archivedAt !== null;
      throw new AppError('FORBIDDEN', archived ? OPEN_REFUSALS.archived : OPEN_REFUSALS.team, {
        reason: archived ? 'boardArchived' : 'boardTeamOnly',
      });
    }
    const approval = await approvalFor(tx, actor, moderation);
    const authorId = input.onBehalfOf
      ? (await findOrCreateCustomer(tx, input.onBehalfOf, { actor, createdAction: 'member.created_for_customer', ip })).user.id
      : actor.id;
    const post = await insertPost(tx, {
      boardId: board.id,
      authorId,
      createdByKeyId: actor.apiKey?.id ?? null,
      title: input.title,
      body: input.body,
      approval,
    });
    await settleImagesOfText(tx, { postId: post.id, commentId: null, authorId: actor.id, body: input.body });
    await autoSubscribe(tx, authorId, post.id);
    await emitEvent(tx, { type: 'post.created', postId: post.id, actorId: actor.id });
    return post.number;
  });
  kickJobs();
  return getPostDetail(actor, number);
}

const ownedContentOf = (ctx: PostContext) => ({
  authorId: ctx.post.authorId,
  authorRole: ctx.author?.role ?? null,
  createdAt: ctx.post.createdAt,
  statusChangedAt: ctx.post.statusChangedAt,
});

/** Why this actor may not edit the post, or null when they may. */
export function editRefusalCode(actor: Actor, ctx: PostContext, now = new Date()): EditRefusalCode | null {
  if (ctx.post.mergedIntoId) return 'merged';
  const decision = canEditContent(actor, ownedContentOf(ctx), now);
  if (decision === 'allow') return null;
  if (actor.kind === 'user' && ctx.post.authorId === actor.id) return ctx.post.statusChangedAt ? 'statusChanged' : 'windowClosed';
  return 'notAllowed';
}

const EDIT_REFUSALS: Record<EditRefusalCode, { message: string; reason?: ErrorReason }> = {
  merged: { message: 'This post was merged into another and is read-only.', reason: 'editMerged' },
  statusChanged: { message: 'Posts cannot be edited after the team has changed their status.', reason: 'editStatusChanged' },
  windowClosed: { message: 'The 30-minute edit window for this post has closed.', reason: 'editWindowClosed' },
  notAllowed: { message: 'You cannot edit this post.' },
};

/** editRefusalCode in words, for the API's error message, with its reason for pages. */
export function editRefusal(actor: Actor, ctx: PostContext, now = new Date()): { message: string; reason?: ErrorReason } | null {
  const code = editRefusalCode(actor, ctx, now);
  return code ? EDIT_REFUSALS[code] : null;
}

export async function updatePost(actor: UserActor, number: number, input: PostUpdateInput, ip: string): Promise<PostDetail> {
  await db().transaction(async (tx) => {
    const ctx = await getPostContext(tx, actor, number, { forUpdate: true });
    const refusal = editRefusal(actor, ctx);
    if (refusal) throw new AppError('FORBIDDEN', refusal.message, { reason: refusal.reason });
    const change = {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.body !== undefined ? { body: input.body } : {}),
    };
    if (Object.keys(change).length === 0) return;
    await updatePostContent(tx, ctx.post.id, change);
    if (change.body !== undefined)
      await settleImagesOfText(tx, { postId: ctx.post.id, commentId: null, authorId: actor.id, body: change.body });
    if (ctx.post.authorId !== actor.id) {
      await recordAudit(
        {
          actor,
          action: 'post.edited',
          targetType: 'post',
          targetId: String(number),
          before: { title: ctx.post.title, body: ctx.post.body },
          after: change,
          ip,
        },
        tx,
      );
    }
  });
  return getPostDetail(actor, number);
}

export async function deletePost(actor: UserActor, number: number, ip: string): Promise<void> {
  await db().transaction(async (tx) => {
    const ctx = await getPostContext(tx, actor, number, { forUpdate: true });
    if (canDeleteContent(actor, ownedContentOf(ctx)) !== 'allow') throw new AppError('FORBIDDEN', 'You cannot delete this post.');
    await softDeletePost(tx, ctx.post.id);
    if (ctx.post.authorId !== actor.id) {
      await recordAudit(
        { actor, action: 'post.deleted', targetType: 'post', targetId: String(number), before: { title: ctx.post.title }, ip },
        tx,
      );
    }
  });
}

export async function findSimilarPosts(actor: Actor, query: { title: string; board?: string; limit: number }): Promise<SimilarPost[]> {
  const rows = await listSimilarPosts(db(), actor, { title: query.title, boardSlug: query.board?.toLowerCase(), limit: query.limit });
  return rows.map((r) => ({
    id: r.id,
    number: Number(r.number),
    slug: postSlug(r.title),
    title: r.title,
    voteCount: Number(r.vote_count),
    status: r.status_name && r.status_color ? { name: r.status_name, color: r.status_color } : null,
    voted: r.voted === true,
    votingClosed: r.board_archived
      ? 'boardArchived'
      : r.approval !== 'approved'
        ? 'awaitingApproval'
        : isVotingOpenCategory(r.status_category)
          ? null
          : 'votingClosed',
  }));
}

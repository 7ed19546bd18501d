/**
 * Who gets a post's and its comments' Edit and Delete, and why an author can no longer edit: the
 * rules the post page draws its controls by (post-page-data.ts), and, for a shared render's
 * payload, the author controls that are a person's own (src/lib/personal-own.ts). Also loaded by
 * the server's entry (src/composition/shell/shared-pages.ts): no React here.
 */
import { canDeleteContent, canEditContent, isTeamMember } from '@/core/identity/policy';
import { ownCommentsOnPost } from '@/features/comments/server/service';
import type { EditRefusalCode } from '@/features/posts/enums';
import { getPostContext, type PostContext } from '@/features/posts/server/access-service';
import { editRefusalCode } from '@/features/posts/server/service';
import { ownSlot } from '@/lib/personal';
import { db } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import type { Actor, UserActor } from '@/server/identity/actor';

type OwnedContent = Parameters<typeof canEditContent>[1];

/** The post's Edit and Delete for this reader, and why its author may no longer edit it. */
export function postControls(
  actor: Actor,
  ctx: PostContext,
): { canEdit: boolean; editRefusal: EditRefusalCode | null; canDelete: boolean } {
  const refusal = editRefusalCode(actor, ctx);
  const owned = { authorId: ctx.post.authorId, authorRole: ctx.author?.role ?? null, createdAt: ctx.post.createdAt };
  return {
    canEdit: refusal === null,
    editRefusal: actor.kind === 'user' && ctx.post.authorId === actor.id ? refusal : null,
    canDelete: canDeleteContent(actor, owned) === 'allow',
  };
}

/** A comment's Edit and Delete for this reader (a deleted comment has neither). */
export function commentControls(actor: Actor, owned: OwnedContent, deleted: boolean): { canEdit: boolean; canDelete: boolean } {
  return {
    canEdit: !deleted && canEditContent(actor, owned) === 'allow',
    canDelete: !deleted && canDeleteContent(actor, owned) === 'allow',
  };
}

/**
 * For a shared render's payload (src/composition/shell/shared-pages.ts): the author controls of
 * theirs on a post's page, as the `data-own` slots the page draws them in (src/lib/personal-own.ts),
 * by the rules `loadPostPage` draws them with. Null when their page differs from nobody's in more
 * than that: the post, or a comment of theirs on it, is not approved (only they see it).
 */
export async function authorControlsOn(actor: UserActor, number: number): Promise<string[] | null> {
  let ctx: PostContext;
  try {
    ctx = await getPostContext(db(), actor, number);
  } catch (err) {
    // Hidden from them, then from nobody of their audience too: the same page.
    if (err instanceof AppError && err.code === 'NOT_FOUND') return [];
    throw err;
  }
  // The team sees every post and comment in every state; others see their own unapproved ones alone.
  const team = isTeamMember(actor);
  if (!team && ctx.post.approval !== 'approved') return null;
  const comments = await ownCommentsOnPost(actor.id, ctx.post.id);
  if (!team && comments.some((c) => !c.approved)) return null;
  const slots: string[] = [];
  const add = (whole: string, parts: [string, boolean][]) => {
    const shown = parts.filter(([, allowed]) => allowed).map(([slot]) => slot);
    if (shown.length > 0) slots.push(whole, ...shown);
  };
  if (ctx.post.authorId === actor.id) {
    const n = ctx.post.number;
    const post = postControls(actor, ctx);
    add(ownSlot.post(n), [
      [ownSlot.post(n, 'edit'), post.canEdit],
      [ownSlot.post(n, 'delete'), post.canDelete],
      [ownSlot.post(n, `refusal:${post.editRefusal ?? ''}`), !post.canEdit && post.editRefusal !== null],
    ]);
  }
  for (const c of comments) {
    const controls = commentControls(actor, { authorId: actor.id, authorRole: actor.role, createdAt: c.createdAt }, c.deleted);
    add(ownSlot.comment(c.id), [
      [ownSlot.comment(c.id, 'edit'), controls.canEdit],
      [ownSlot.comment(c.id, 'delete'), controls.canDelete],
    ]);
  }
  return slots;
}

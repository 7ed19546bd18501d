/**
 * Moderation (SPEC.md §4, §6): approving or rejecting pending posts, pinning, and the triage
 * inbox. A post leaves `pending` once: approving makes it public, rejecting hides
 * it and tells the author by email (queued in the same transaction, sent after the commit).
 */
import { kickJobs } from '@/server/jobs/queue';
import { emitEvent } from '@/server/events';
import { presentPerson } from '@/core/identity/person';
import { eq } from 'drizzle-orm';
import { recordAudit } from '@/features/audit/server/service';
import { getPostContext } from '@/features/posts/server/access-service';
import { postSlug } from '@/features/posts/schema';
import { getPublicWorkspace } from '@/server/workspace';
import { plainExcerpt } from '@/lib/markdown-tree';
import { db } from '@/server/db/client';
import { posts } from '@/server/db/schema';
import type { Actor, UserActor } from '@/server/identity/actor';
import { isUuid, requireCursor, timeIdCursor, type CursorCodec } from '@/server/http/cursor';
import { AppError } from '@/server/http/errors';
import { enqueueEmail, kickEmailDelivery } from '@/server/mail/outbox';
import type { Inbox, InboxPost, InboxQuery, PostApprovalResult, PostPinResult } from '../schema';
import { postRejectedEmail } from './emails';
import { getUserEmail, listPendingPosts, listUntriagedPosts, type InboxPostRow, type PageKey } from './queries';
import type { ApprovalDecision } from '@/features/posts/enums';

/** The inbox sections' cursors: the last row's exact (created_at, id). */
const postCursor = timeIdCursor(isUuid);

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

/** The team's triage inbox: posts awaiting approval, and new posts without a status. */
export async function getInbox(actor: Actor, query: InboxQuery): Promise<Inbox> {
  const pending: PageKey | undefined = query.pendingCursor ? requireCursor(postCursor, query.pendingCursor, 'pendingCursor') : undefined;
  const untriaged: PageKey | undefined = query.untriagedCursor
    ? requireCursor(postCursor, query.untriagedCursor, 'untriagedCursor')
    : undefined;
  // One connection on PGlite: the two reads run one after the other anyway.
  const pendingRows = await listPendingPosts(db(), actor, pending, query.limit + 1);
  const untriagedRows = await listUntriagedPosts(db(), actor, untriaged, query.limit + 1);
  return {
    pendingPosts: paged(pendingRows, query.limit, toInboxPost, postCursor, (r) => r.id),
    untriagedPosts: paged(untriagedRows, query.limit, toInboxPost, postCursor, (r) => r.id),
  };
}

/** Approves or rejects a pending post; anything not pending is a CONFLICT. */
export async function decidePostApproval(
  actor: UserActor,
  number: number,
  approval: ApprovalDecision,
  ip: string,
): Promise<PostApprovalResult> {
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
export async function setPostPinned(actor: UserActor, number: number, pinned: boolean, ip: string): Promise<PostPinResult> {
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

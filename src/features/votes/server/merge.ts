/**
 * Merging duplicates (SPEC.md §4). Merging is the movement of votes and subscribers, so it
 * lives with the votes:
 * - the duplicate's votes are copied to the target with `merged_from_id` = the duplicate,
 *   ON CONFLICT DO NOTHING, so a person who voted on both counts once; the target's counter is
 *   recounted from the votes table;
 * - the duplicate keeps its own votes (it is read-only while merged: voting there is closed),
 *   so unmerging only deletes the copies on the target and clears `merged_into_id`;
 * - the duplicate's subscribers are subscribed to the target (an explicit opt-out there wins).
 *   Unmerge leaves those subscriptions: nothing records which were copied, and an extra
 *   subscription is harmless (the bell removes it).
 * Both post rows are locked in id order first, the order every merge uses, and a vote locks its
 * one post row, so merges and votes serialise without deadlocks.
 */
import { kickJobs } from '@/server/jobs/queue';
import { emitEvent } from '@/server/events';
import { publishLive } from '@/server/live/publish';
import { canModerate } from '@/core/identity/policy';
import { recordAudit } from '@/features/audit/server/service';
import { getPostContext, readMergedIntoRef } from '@/features/posts/server/access-service';
import { db, type DbOrTx } from '@/server/db/client';
import type { UserActor } from '@/server/identity/actor';
import { AppError } from '@/server/http/errors';
import type { MergeResult } from '../schema';
import {
  copySubscribers,
  copyVotesForMerge,
  deleteVotesMergedFrom,
  getPostIdentity,
  getPostNumberForAudit,
  getPostSummaryById,
  lockPostsById,
  mergeChainReaches,
  recountVotes,
  setMergedInto,
} from './queries';
import { requireAllowed } from '@/server/identity/authorize';

/**
 * A post's merge state as the actor may see it, or null when the post is hidden from them (an
 * unmerge from a deleted target); where it was merged goes through the reference rule too.
 */
async function stateOf(tx: DbOrTx, actor: UserActor, id: string): Promise<MergeResult['post'] | null> {
  const row = await getPostSummaryById(tx, actor, id);
  if (!row) return null;
  return {
    number: row.number,
    title: row.title,
    voteCount: row.voteCount,
    mergedInto: await readMergedIntoRef(tx, actor, row.mergedIntoId),
  };
}

/** The state of the post acted on, which the actor has just read. */
async function ownStateOf(tx: DbOrTx, actor: UserActor, id: string): Promise<MergeResult['post']> {
  const state = await stateOf(tx, actor, id);
  if (!state) throw new AppError('NOT_FOUND', 'There is no such post.');
  return state;
}

/** Merges post `number` (the duplicate) into post `into` (the target). */
export async function mergePost(actor: UserActor, number: number, into: number, ip: string): Promise<MergeResult> {
  requireAllowed(canModerate(actor));
  if (number === into) throw new AppError('MERGE_INVALID', 'A post cannot be merged into itself.', { reason: 'mergeSelf' });
  const merged = await db().transaction(async (tx) => {
    const dupId = (await getPostIdentity(tx, number))?.id;
    const targetId = (await getPostIdentity(tx, into))?.id;
    if (dupId && targetId) await lockPostsById(tx, [dupId, targetId]);
    // Read again under the locks, as the actor may see them: hidden or deleted is 404.
    const duplicate = await getPostContext(tx, actor, number);
    let target;
    try {
      target = await getPostContext(tx, actor, into);
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND')
        throw new AppError('NOT_FOUND', `There is no post #${into} to merge into.`, {
          fields: { into: `There is no post #${into}.` },
          reason: 'mergeTargetMissing',
        });
      throw err;
    }
    if (duplicate.post.mergedIntoId)
      throw new AppError('MERGE_INVALID', 'This post is already merged; unmerge it first.', { reason: 'postAlreadyMerged' });
    if (await mergeChainReaches(tx, target.post.id, duplicate.post.id)) {
      throw new AppError('MERGE_INVALID', `Post #${into} is merged into this post; merging back would make a cycle.`, {
        fields: { into: 'That would make a cycle.' },
        reason: 'mergeCycle',
      });
    }
    if (target.post.mergedIntoId) {
      throw new AppError('MERGE_INVALID', `Post #${into} is itself merged into another post; merge into that one.`, {
        fields: { into: 'That post is itself merged.' },
        reason: 'mergeChained',
      });
    }

    const copied = await copyVotesForMerge(tx, duplicate.post.id, target.post.id);
    await setMergedInto(tx, duplicate.post.id, target.post.id);
    await recountVotes(tx, [target.post.id]);
    await copySubscribers(tx, duplicate.post.id, target.post.id);
    await recordAudit(
      {
        actor,
        action: 'post.merged',
        targetType: 'post',
        targetId: String(number),
        before: { mergedInto: null },
        after: { mergedInto: into, votesCopied: copied },
        ip,
      },
      tx,
    );
    await emitEvent(tx, { type: 'post.merged', postId: duplicate.post.id, intoPostId: target.post.id, actorId: actor.id });
    return { post: await ownStateOf(tx, actor, duplicate.post.id), target: await stateOf(tx, actor, target.post.id) };
  });
  kickJobs();
  return merged;
}

/** Unmerges post `number`: the votes its merge copied leave the target. Unmerging a post that is not merged changes nothing. */
export async function unmergePost(actor: UserActor, number: number, ip: string): Promise<MergeResult> {
  requireAllowed(canModerate(actor));
  return db().transaction(async (tx) => {
    const before = await getPostIdentity(tx, number);
    if (before) await lockPostsById(tx, before.mergedIntoId ? [before.id, before.mergedIntoId] : [before.id]);
    const duplicate = await getPostContext(tx, actor, number);
    const targetId = duplicate.post.mergedIntoId;
    if (!targetId) {
      return { post: await ownStateOf(tx, actor, duplicate.post.id), target: null };
    }
    // Merged into another post between the first read and the lock: that post is not locked.
    if (targetId !== before?.mergedIntoId)
      throw new AppError('CONFLICT', 'This post changed meanwhile; try again.', { reason: 'postChanged' });

    const removed = await deleteVotesMergedFrom(tx, duplicate.post.id, targetId);
    await setMergedInto(tx, duplicate.post.id, null);
    await recountVotes(tx, [targetId, duplicate.post.id]);
    // Open pages of both posts: the duplicate is open again, the target's count went down.
    await publishLive(tx, { kind: 'post', postId: duplicate.post.id });
    await publishLive(tx, { kind: 'votes', postId: targetId });
    // The target as this moderator may see it: null when it was deleted meanwhile.
    const target = await stateOf(tx, actor, targetId);
    await recordAudit(
      {
        actor,
        action: 'post.unmerged',
        targetType: 'post',
        targetId: String(number),
        before: { mergedInto: await getPostNumberForAudit(tx, targetId) },
        after: { mergedInto: null, votesRemoved: removed },
        ip,
      },
      tx,
    );
    return { post: await ownStateOf(tx, actor, duplicate.post.id), target };
  });
}

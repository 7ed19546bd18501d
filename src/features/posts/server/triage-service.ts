/**
 * Triage of one post by the team: its status and its tags (SPEC.md §4). The statuses and tags
 * themselves are catalogs of their own features; choosing them for a post is the post's change.
 *
 * A moderator moves a post to a status: any status to any other, with an optional public note
 * that becomes part of the post's history. The post row is locked for the change, so concurrent
 * changes are recorded one after the other with the right "from". Votes are not touched: a
 * done/closed category only closes voting, and the cast votes stay.
 */
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/features/audit/server/service';
import type { PostStatusResult, StatusChange, StatusRef } from '@/features/statuses/schema';
import { findStatusRef } from '@/features/statuses/server/service';
import { MAX_TAGS_PER_POST } from '@/features/tags/schema';
import type { PostTags } from '../schema';
import { findTagRefs } from '@/features/tags/server/service';
import { db, type DbOrTx } from '@/server/db/client';
import { emitEvent } from '@/server/events';
import { kickJobs } from '@/server/jobs/queue';
import { posts, statusChanges } from '@/server/db/schema';
import type { UserActor } from '@/server/identity/actor';
import { AppError } from '@/server/http/errors';
import { getPostContext, type PostContext } from './access-service';
import { listPostTagIds, replacePostTags } from './queries';

export async function changePostStatus(
  actor: UserActor,
  number: number,
  input: { statusId: string; note: string },
  ip: string,
): Promise<PostStatusResult> {
  const result = await db().transaction(async (tx) => {
    const ctx = await getPostContext(tx, actor, number, { forUpdate: true });
    const next = await findStatusRef(tx, input.statusId);
    if (!next) throw new AppError('VALIDATION_FAILED', undefined, { fields: { statusId: 'Choose one of the statuses.' } });
    // Saving the same status without a note is a no-op, not an empty history entry.
    if (ctx.status?.id === next.id && input.note === '') return { status: next, change: null };
    const change = await recordStatusChange(tx, actor, ctx, next, input.note, ip);
    return { status: next, change };
  });
  if (result.change) kickJobs();
  return result;
}

/**
 * Moves a post (its row locked in `tx`) to a status: the history entry with its public note, the
 * post's status and activity times, the audit event and the `post.status_changed` event that
 * notifies its voters and subscribers. The one way a status changes (the post page, the roadmap,
 * a changelog entry's publication); callers kick the jobs after their commit.
 */
export async function recordStatusChange(
  tx: DbOrTx,
  actor: UserActor,
  ctx: PostContext,
  next: StatusRef,
  note: string,
  ip: string | undefined,
): Promise<StatusChange> {
  const from = ctx.status;
  const [change] = await tx
    .insert(statusChanges)
    .values({ postId: ctx.post.id, fromStatusId: from?.id ?? null, toStatusId: next.id, byId: actor.id, note })
    .returning();
  await tx
    .update(posts)
    .set({
      statusId: next.id,
      statusChangedAt: sql`now()`,
      activityAt: sql`now()`,
      teamRespondedAt: sql`coalesce(${posts.teamRespondedAt}, now())`,
    })
    .where(eq(posts.id, ctx.post.id));
  await recordAudit(
    {
      actor,
      action: 'post.status_changed',
      targetType: 'post',
      targetId: String(ctx.post.number),
      before: { status: from?.name ?? null },
      after: { status: next.name, ...(note ? { note } : {}) },
      ip,
    },
    tx,
  );
  await emitEvent(tx, { type: 'post.status_changed', postId: ctx.post.id, statusChangeId: Number(change!.id), actorId: actor.id });
  return {
    id: change!.id,
    from: from ? { id: from.id, slug: from.slug, name: from.name, color: from.color, category: from.category } : null,
    to: next,
    by: { id: actor.id, displayName: actor.displayName },
    note: change!.note,
    at: change!.createdAt.toISOString(),
  };
}

/** The team replaces a post's tags (at most MAX_TAGS_PER_POST); a change is audited with the tags' names before and after. */
export async function setPostTags(actor: UserActor, number: number, tagIds: readonly string[], ip: string): Promise<PostTags> {
  if (tagIds.length > MAX_TAGS_PER_POST) {
    throw new AppError('VALIDATION_FAILED', undefined, { fields: { tagIds: `A post has at most ${MAX_TAGS_PER_POST} tags` } });
  }
  return db().transaction(async (tx) => {
    const ctx = await getPostContext(tx, actor, number, { forUpdate: true });
    const found = await findTagRefs(tx, tagIds);
    if (found.length !== tagIds.length) {
      throw new AppError('VALIDATION_FAILED', undefined, { fields: { tagIds: 'Some of these tags do not exist (any more).' } });
    }
    const current = await listPostTagIds(tx, ctx.post.id);
    const unchanged = current.length === tagIds.length && tagIds.every((id) => current.includes(id));
    if (!unchanged) {
      await replacePostTags(tx, ctx.post.id, tagIds);
      await auditTagChange(tx, actor, ctx.post.number, current, tagIds, ip);
    }
    return { tags: found };
  });
}

/** Records that a post's tags went from `before` to `after` (tag ids), naming them as they are now, in name order. */
export async function auditTagChange(
  tx: DbOrTx,
  actor: UserActor,
  number: number,
  before: readonly string[],
  after: readonly string[],
  ip: string,
): Promise<void> {
  const names = new Map((await findTagRefs(tx, [...new Set([...before, ...after])])).map((t) => [t.id, t.name]));
  const named = (ids: readonly string[]) =>
    ids
      .map((id) => names.get(id))
      .filter((n): n is string => n !== undefined)
      .sort((x, y) => x.localeCompare(y, undefined, { sensitivity: 'base' }));
  await recordAudit(
    {
      actor,
      action: 'post.tags_changed',
      targetType: 'post',
      targetId: String(number),
      before: { tags: named(before) },
      after: { tags: named(after) },
      ip,
    },
    tx,
  );
}

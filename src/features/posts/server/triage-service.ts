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
import type { PostStatusResult } from '@/features/statuses/schema';
import { findStatusRef } from '@/features/statuses/server/service';
import { MAX_TAGS_PER_POST, type TagRef } from '@/features/tags/schema';
import { findTagRefs } from '@/features/tags/server/service';
import { db } from '@/server/db/client';
import { posts, statusChanges } from '@/server/db/schema';
import type { UserActor } from '@/server/identity/actor';
import { AppError } from '@/server/http/errors';
import { getPostContext } from './access-service';
import { listPostTagIds, replacePostTags } from './queries';

export async function changePostStatus(
  actor: UserActor,
  number: number,
  input: { statusId: string; note: string },
): Promise<PostStatusResult> {
  return db().transaction(async (tx) => {
    const ctx = await getPostContext(tx, actor, number, { forUpdate: true });
    const next = await findStatusRef(tx, input.statusId);
    if (!next) throw new AppError('VALIDATION_FAILED', undefined, { fields: { statusId: 'Choose one of the statuses.' } });
    const from = ctx.status;
    // Saving the same status without a note is a no-op, not an empty history entry.
    if (from?.id === next.id && input.note === '') return { status: next, change: null };

    const [change] = await tx
      .insert(statusChanges)
      .values({ postId: ctx.post.id, fromStatusId: from?.id ?? null, toStatusId: next.id, byId: actor.id, note: input.note })
      .returning();
    await tx
      .update(posts)
      .set({ statusId: next.id, statusChangedAt: sql`now()`, activityAt: sql`now()` })
      .where(eq(posts.id, ctx.post.id));
    return {
      status: next,
      change: {
        id: change!.id,
        from: from ? { id: from.id, slug: from.slug, name: from.name, color: from.color, category: from.category } : null,
        to: next,
        by: { id: actor.id, displayName: actor.displayName },
        note: change!.note,
        at: change!.createdAt.toISOString(),
      },
    };
  });
}

/** The team replaces a post's tags (at most MAX_TAGS_PER_POST). */
export async function setPostTags(actor: UserActor, number: number, tagIds: readonly string[]): Promise<{ tags: TagRef[] }> {
  if (tagIds.length > MAX_TAGS_PER_POST) {
    throw new AppError('VALIDATION_FAILED', undefined, { fields: { tagIds: `A post has at most ${MAX_TAGS_PER_POST} tags` } });
  }
  return db().transaction(async (tx) => {
    const ctx = await getPostContext(tx, actor, number, { forUpdate: true });
    const found = await findTagRefs(tx, tagIds);
    if (found.length !== tagIds.length) {
      throw new AppError('VALIDATION_FAILED', undefined, { fields: { tagIds: 'Some of these tags do not exist (any more).' } });
    }
    const current = new Set(await listPostTagIds(tx, ctx.post.id));
    const unchanged = current.size === tagIds.length && tagIds.every((id) => current.has(id));
    if (!unchanged) await replacePostTags(tx, ctx.post.id, tagIds);
    return { tags: found };
  });
}

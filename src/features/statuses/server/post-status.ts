/**
 * A moderator moves a post to a status (SPEC.md §4): any status to any other, with an optional
 * public note that becomes part of the post's history. The post row is locked for the change,
 * so concurrent changes are recorded one after the other with the right "from". Votes are not
 * touched: a done/closed category only closes voting, and the cast votes stay.
 */
import { eq, sql } from 'drizzle-orm';
import { getPostContext } from '@/features/posts/server/access';
import { db } from '@/server/db/client';
import { posts, statusChanges } from '@/server/db/schema';
import type { UserActor } from '@/server/identity/actor';
import { AppError } from '@/server/http/errors';
import type { PostStatusResult } from '../schema';
import { getStatusById } from './queries';
import { toStatusRef } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function changePostStatus(actor: UserActor, number: number, input: { statusId: string; note: string }): Promise<PostStatusResult> {
  return db().transaction(async (tx) => {
    const ctx = await getPostContext(tx, actor, number, { forUpdate: true });
    const next = UUID.test(input.statusId) ? await getStatusById(tx, input.statusId) : undefined;
    if (!next) throw new AppError('VALIDATION_FAILED', undefined, { fields: { statusId: 'Choose one of the statuses.' } });
    const from = ctx.status;
    // Saving the same status without a note is a no-op, not an empty history entry.
    if (from?.id === next.id && input.note === '') return { status: toStatusRef(next), change: null };

    const [change] = await tx
      .insert(statusChanges)
      .values({ postId: ctx.post.id, fromStatusId: from?.id ?? null, toStatusId: next.id, byId: actor.id, note: input.note })
      .returning();
    await tx
      .update(posts)
      .set({ statusId: next.id, statusChangedAt: sql`now()`, activityAt: sql`now()` })
      .where(eq(posts.id, ctx.post.id));
    return {
      status: toStatusRef(next),
      change: {
        id: change!.id,
        from: from ? toStatusRef(from) : null,
        to: toStatusRef(next),
        by: { id: actor.id, displayName: actor.displayName },
        note: change!.note,
        at: change!.createdAt.toISOString(),
      },
    };
  });
}

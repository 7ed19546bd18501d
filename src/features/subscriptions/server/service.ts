/**
 * Post subscriptions (SPEC.md §3). Posting, voting and commenting subscribe a member unless they
 * chose otherwise; an explicit choice (bell) is kept in the row and wins over later automatic
 * subscriptions.
 */
import { and, eq, sql } from 'drizzle-orm';
import { isTeamMember } from '@/core/identity/policy';
import type { DbOrTx } from '@/server/db/client';
import { subscriptions } from '@/server/db/schema';
import type { UserActor } from '@/server/identity/actor';
import { AppError } from '@/server/http/errors';
import type { BoardPosting } from '@/features/boards/enums';

/** Subscribes the user to the post unless a row (a subscription or an explicit opt-out) exists. Call inside the action's transaction. */
export async function autoSubscribe(db: DbOrTx, userId: string, postId: string): Promise<void> {
  await db.insert(subscriptions).values({ userId, postId }).onConflictDoNothing();
}

/** Sets the user's explicit choice for the post. */
export async function setSubscription(db: DbOrTx, userId: string, postId: string, subscribed: boolean): Promise<void> {
  await db
    .insert(subscriptions)
    .values({ userId, postId, subscribed })
    .onConflictDoUpdate({ target: [subscriptions.userId, subscriptions.postId], set: { subscribed, updatedAt: sql`now()` } });
}

export async function isSubscribed(db: DbOrTx, userId: string, postId: string): Promise<boolean> {
  const [row] = await db
    .select({ subscribed: subscriptions.subscribed })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.postId, postId)))
    .limit(1);
  return row?.subscribed ?? false;
}

/**
 * The bell on a post the actor may see (the caller looked it up as the actor): subscribing
 * follows the board's posting policy like voting (SPEC.md §6); unsubscribing is always allowed,
 * and so is following a post on an archived board (it takes nothing new, but can still change
 * status).
 */
export async function chooseSubscription(
  db: DbOrTx,
  actor: UserActor,
  post: { id: string; boardPosting: BoardPosting },
  subscribed: boolean,
): Promise<{ subscribed: boolean }> {
  if (subscribed && post.boardPosting === 'team' && !isTeamMember(actor))
    throw new AppError('FORBIDDEN', 'Only the team follows posts on this board.', { reason: 'followTeamOnly' });
  await setSubscription(db, actor.id, post.id, subscribed);
  return { subscribed };
}

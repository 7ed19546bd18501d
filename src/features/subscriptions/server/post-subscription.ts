/**
 * The bell on a post (SPEC.md §3): reading and setting one's own subscription to a post one may
 * see. Subscribing follows the board's posting policy like voting (SPEC.md §6); unsubscribing is
 * always allowed, and so is following a post on an archived board (it takes nothing new, but
 * can still change status).
 */
import { isTeamMember } from '@/core/identity/policy';
import { getPostContext } from '@/features/posts/server/access-service';
import { db } from '@/server/db/client';
import type { UserActor } from '@/server/identity/actor';
import { AppError } from '@/server/http/errors';
import { isSubscribed, setSubscription } from './service';

export async function getPostSubscription(actor: UserActor, number: number): Promise<{ subscribed: boolean }> {
  const ctx = await getPostContext(db(), actor, number);
  return { subscribed: await isSubscribed(db(), actor.id, ctx.post.id) };
}

export async function setPostSubscription(actor: UserActor, number: number, subscribed: boolean): Promise<{ subscribed: boolean }> {
  const ctx = await getPostContext(db(), actor, number);
  if (subscribed && ctx.board.posting === 'team' && !isTeamMember(actor)) throw new AppError('FORBIDDEN', 'Only the team follows posts on this board.');
  await setSubscription(db(), actor.id, ctx.post.id, subscribed);
  return { subscribed };
}

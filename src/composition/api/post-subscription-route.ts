import { isSignedIn } from '@/core/identity/policy';
import { postParams } from '@/features/posts/schema';
import { getPostContext } from '@/features/posts/server/access-service';
import { subscriptionInput, subscriptionStateSchema } from '@/features/subscriptions/schema';
import { chooseSubscription, isSubscribed } from '@/features/subscriptions/server/service';
import { db } from '@/server/db/client';
import { endpoint, json, route } from '@/server/http/route';

/**
 * GET and PUT {subscribed} /api/v1/posts/[number]/subscription: one's own bell on a post, for a
 * post one may see (404 otherwise).
 */
export const subscriptionRoute = route('/api/v1/posts/{number}/subscription', {
  GET: endpoint({
    authorize: isSignedIn,
    apiKey: 'session',
    query: postParams,
    summary: 'Read your subscription to a post',
    description:
      'Whether the signed-in person follows a post they may see. Posting, voting and commenting subscribe a member unless ' +
      'they chose otherwise.',
    response: subscriptionStateSchema,
    handle: async ({ actor, query }) => {
      const ctx = await getPostContext(db(), actor, query.number);
      return json({ subscribed: await isSubscribed(db(), actor.id, ctx.post.id) });
    },
  }),
  PUT: endpoint({
    authorize: isSignedIn,
    apiKey: 'session',
    query: postParams,
    body: subscriptionInput,
    summary: 'Follow or unfollow a post',
    description:
      'The signed-in person follows a post they may see, or stops; an explicit choice wins over later automatic ones. On a ' +
      'team-only board only the team may follow. Answers the choice.',
    response: subscriptionStateSchema,
    handle: async ({ actor, query, body }) => {
      const ctx = await getPostContext(db(), actor, query.number);
      return json(await chooseSubscription(db(), actor, { id: ctx.post.id, boardPosting: ctx.board.posting }, body.subscribed));
    },
  }),
});

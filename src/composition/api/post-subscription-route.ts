import { isSignedIn } from '@/core/identity/policy';
import { postParams } from '@/features/posts/schema';
import { getPostContext } from '@/features/posts/server/access-service';
import { subscriptionInput } from '@/features/subscriptions/schema';
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
    handle: async ({ actor, query, body }) => {
      const ctx = await getPostContext(db(), actor, query.number);
      return json(await chooseSubscription(db(), actor, { id: ctx.post.id, boardPosting: ctx.board.posting }, body.subscribed));
    },
  }),
});

import { subscriptionInput } from '@/features/votes/schema';
import { postParams } from '@/features/posts/schema';
import { isSignedIn } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { getPostSubscription, setPostSubscription } from './post-subscription';

/** GET and PUT {subscribed} /api/v1/posts/[number]/subscription: one's own bell on a post. */
export const subscriptionRoute = route({
  GET: endpoint({
    authorize: isSignedIn,
    query: postParams,
    handle: async ({ actor, query }) => json(await getPostSubscription(actor, query.number)),
  }),
  PUT: endpoint({
    authorize: isSignedIn,
    query: postParams,
    body: subscriptionInput,
    handle: async ({ actor, query, body }) => json(await setPostSubscription(actor, query.number, body.subscribed)),
  }),
});

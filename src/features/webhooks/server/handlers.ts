import { z } from 'zod';
import { canAdminister } from '@/core/identity/policy';
import { endpoint, json, noContent, route } from '@/server/http/route';
import { webhookEndpointInput, webhookEndpointUpdate } from '../schema';
import {
  createEndpoint,
  deleteEndpointAs,
  enableEndpoint,
  getEndpointAs,
  listDeliveryLog,
  listEndpoints,
  redeliver,
  rotateSecret,
  sendTestEvent,
  updateEndpointAs,
} from './service';

const idParams = z.object({ id: z.uuid({ message: 'Not a webhook endpoint id' }) });
const TAGS = ['Webhooks'];
/** Sending test events and redeliveries: enough for a person at the page, not a loop. */
const SEND_RATE = { name: 'webhook-send', limit: 30, windowSeconds: 60 };

/** GET /api/v1/admin/webhooks (list), POST (add; answers the secret once). Admins. */
export const webhooksRoute = route('/api/v1/admin/webhooks', {
  GET: endpoint({ authorize: canAdminister, apiKey: 'key', tags: TAGS, handle: async () => json({ items: await listEndpoints() }) }),
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    tags: TAGS,
    body: webhookEndpointInput,
    handle: async ({ actor, body, ip }) => json(await createEndpoint(actor, body, ip), 201),
  }),
});

/** GET/PATCH/DELETE /api/v1/admin/webhooks/[id]. Admins. */
export const webhookRoute = route('/api/v1/admin/webhooks/{id}', {
  GET: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    tags: TAGS,
    query: idParams,
    handle: async ({ query }) => json(await getEndpointAs(query.id)),
  }),
  PATCH: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    tags: TAGS,
    query: idParams,
    body: webhookEndpointUpdate,
    handle: async ({ actor, query, body, ip }) => json(await updateEndpointAs(actor, query.id, body, ip)),
  }),
  DELETE: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    tags: TAGS,
    query: idParams,
    handle: async ({ actor, query, ip }) => {
      await deleteEndpointAs(actor, query.id, ip);
      return noContent();
    },
  }),
});

/** POST /api/v1/admin/webhooks/[id]/secret: a new signing secret, answered once. */
export const webhookSecretRoute = route('/api/v1/admin/webhooks/{id}/secret', {
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    tags: TAGS,
    query: idParams,
    handle: async ({ actor, query, ip }) => json(await rotateSecret(actor, query.id, ip)),
  }),
});

/** POST /api/v1/admin/webhooks/[id]/enable: enable an endpoint disabled after repeated failure. */
export const webhookEnableRoute = route('/api/v1/admin/webhooks/{id}/enable', {
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    tags: TAGS,
    query: idParams,
    handle: async ({ actor, query, ip }) => json(await enableEndpoint(actor, query.id, ip)),
  }),
});

/** POST /api/v1/admin/webhooks/[id]/test: queue a `webhook.test` event (202). */
export const webhookTestRoute = route('/api/v1/admin/webhooks/{id}/test', {
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    tags: TAGS,
    query: idParams,
    rateLimit: SEND_RATE,
    handle: async ({ actor, query, ip }) => json(await sendTestEvent(actor, query.id, ip), 202),
  }),
});

/** GET /api/v1/admin/webhooks/[id]/attempts: the delivery log, newest first (?cursor=). */
export const webhookAttemptsRoute = route('/api/v1/admin/webhooks/{id}/attempts', {
  GET: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    tags: TAGS,
    query: idParams.extend({ cursor: z.string().max(20).optional() }),
    handle: async ({ query }) => json(await listDeliveryLog(query.id, query.cursor)),
  }),
});

/** POST /api/v1/admin/webhooks/[id]/deliveries/[delivery]/redeliver: send that event again (202). */
export const webhookRedeliverRoute = route('/api/v1/admin/webhooks/{id}/deliveries/{delivery}/redeliver', {
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    tags: TAGS,
    errors: ['CONFLICT'],
    query: idParams.extend({ delivery: z.uuid({ message: 'Not a delivery id' }) }),
    rateLimit: SEND_RATE,
    handle: async ({ actor, query, ip }) => json(await redeliver(actor, query.id, query.delivery, ip), 202),
  }),
});

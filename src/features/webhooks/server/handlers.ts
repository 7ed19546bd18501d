import { canAdminister } from '@/core/identity/policy';
import { endpoint, json, noContent, route } from '@/server/http/route';
import {
  webhookAttemptPageSchema,
  webhookAttemptsQuery,
  webhookDeliveryParams,
  webhookDeliveryRefSchema,
  webhookEndpointInput,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdate,
  webhookEndpointWithSecretSchema,
  webhookIdParams,
} from '../schema';
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

const TAGS = ['Webhooks'];
/** Sending test events and redeliveries: enough for a person at the page, not a loop. */
const SEND_RATE = { name: 'webhook-send', limit: 30, windowSeconds: 60 };

/** GET /api/v1/admin/webhooks (list), POST (add; answers the secret once). Admins. */
export const webhooksRoute = route('/api/v1/admin/webhooks', {
  GET: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    tags: TAGS,
    summary: 'List webhook endpoints',
    description:
      'Every webhook endpoint (admins), each with its state and the outcome of its last delivery attempt. Signing secrets are never listed.',
    response: webhookEndpointListSchema,
    handle: async () => json({ items: await listEndpoints() }),
  }),
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    tags: TAGS,
    body: webhookEndpointInput,
    summary: 'Add a webhook endpoint',
    description:
      'Admins add a URL to send the chosen events to, in the generic, Slack or Discord format. A URL the server may not reach ' +
      '(an internal or private address) is refused. Answers the endpoint with its signing secret (201), the only time the ' +
      'secret is shown.',
    response: webhookEndpointWithSecretSchema,
    handle: async ({ actor, body, ip }) => json(await createEndpoint(actor, body, ip), 201),
  }),
});

/** GET/PATCH/DELETE /api/v1/admin/webhooks/[id]. Admins. */
export const webhookRoute = route('/api/v1/admin/webhooks/{id}', {
  GET: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    tags: TAGS,
    query: webhookIdParams,
    summary: 'Get a webhook endpoint',
    description: 'One webhook endpoint (admins), with its state and its last delivery attempt; not its secret.',
    response: webhookEndpointSchema,
    handle: async ({ query }) => json(await getEndpointAs(query.id)),
  }),
  PATCH: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    tags: TAGS,
    query: webhookIdParams,
    body: webhookEndpointUpdate,
    summary: 'Change a webhook endpoint',
    description:
      'Changes only the fields sent (URL, description, events, format, whether private boards’ events are included); a new ' +
      'URL is checked as when adding. Answers the endpoint.',
    response: webhookEndpointSchema,
    handle: async ({ actor, query, body, ip }) => json(await updateEndpointAs(actor, query.id, body, ip)),
  }),
  DELETE: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    tags: TAGS,
    query: webhookIdParams,
    summary: 'Delete a webhook endpoint',
    description: 'Deletes the endpoint with its pending deliveries and its delivery log; no more events are sent to it.',
    response: null,
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
    query: webhookIdParams,
    summary: 'Rotate a webhook signing secret',
    description:
      'Replaces the endpoint’s signing secret at once: deliveries from now on are signed with the new one, so the receiver ' +
      'must switch. Answers the endpoint with the new secret, shown this once.',
    response: webhookEndpointWithSecretSchema,
    handle: async ({ actor, query, ip }) => json(await rotateSecret(actor, query.id, ip)),
  }),
});

/** POST /api/v1/admin/webhooks/[id]/enable: enable an endpoint disabled after repeated failure. */
export const webhookEnableRoute = route('/api/v1/admin/webhooks/{id}/enable', {
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    tags: TAGS,
    query: webhookIdParams,
    summary: 'Enable a disabled webhook endpoint',
    description:
      'Enables an endpoint that was disabled after repeated failed deliveries; new events go to it again. An active endpoint ' +
      'is left as it is. Answers the endpoint.',
    response: webhookEndpointSchema,
    handle: async ({ actor, query, ip }) => json(await enableEndpoint(actor, query.id, ip)),
  }),
});

/** POST /api/v1/admin/webhooks/[id]/test: queue a `webhook.test` event (202). */
export const webhookTestRoute = route('/api/v1/admin/webhooks/{id}/test', {
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    tags: TAGS,
    query: webhookIdParams,
    rateLimit: SEND_RATE,
    summary: 'Send a test event to a webhook endpoint',
    description:
      'Queues a `webhook.test` event for this endpoint, sent at once in the background and tried once; its outcome appears ' +
      'in the delivery log. Answers 202 with the delivery and event ids.',
    response: webhookDeliveryRefSchema,
    handle: async ({ actor, query, ip }) => json(await sendTestEvent(actor, query.id, ip), 202),
  }),
});

/** GET /api/v1/admin/webhooks/[id]/attempts: the delivery log, newest first (?cursor=). */
export const webhookAttemptsRoute = route('/api/v1/admin/webhooks/{id}/attempts', {
  GET: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    tags: TAGS,
    query: webhookAttemptsQuery,
    summary: 'List a webhook endpoint’s delivery attempts',
    description:
      'The endpoint’s delivery log (admins): every attempt, newest first, 20 a page (`cursor`), with the status code, the ' +
      'start of the receiver’s answer or the error, and the delivery’s state now.',
    response: webhookAttemptPageSchema,
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
    query: webhookDeliveryParams,
    rateLimit: SEND_RATE,
    summary: 'Redeliver a webhook event',
    description:
      'Sends a delivery’s event again, as a new delivery with the same event id (receivers may deduplicate on it). A disabled ' +
      'endpoint is a conflict, except for test events. Answers 202 with the new delivery’s id and the event id.',
    response: webhookDeliveryRefSchema,
    handle: async ({ actor, query, ip }) => json(await redeliver(actor, query.id, query.delivery, ip), 202),
  }),
});

/**
 * Webhooks' consumer of every domain event (EVENT_CONSUMERS, src/composition/background.ts): for
 * each event, the outgoing event a visitor could see (payload.ts), one delivery row per
 * subscribed endpoint, written in the job's transaction; sending starts after the commit and
 * happens outside any transaction (delivery.ts). The request that caused the event only wrote the
 * event job: no receiver can slow it.
 */
import { randomUUID } from 'node:crypto';
import { DOMAIN_EVENT_TYPES, eventConsumer } from '@/server/events';
import { kickWebhookDelivery } from './delivery-service';
import { outgoingEventFor } from './payload';
import { insertDeliveries, subscribedEndpoints } from './queries';

export const webhookEvents = eventConsumer({
  jobKind: 'webhooks.event',
  types: DOMAIN_EVENT_TYPES,
  handle: async (event, { tx, afterCommit }) => {
    const outgoing = await outgoingEventFor(tx, event, randomUUID);
    if (!outgoing) return;
    const endpoints = await subscribedEndpoints(tx, outgoing.event.type, outgoing.private);
    if (endpoints.length === 0) return;
    const payload = outgoing.event as unknown as Record<string, unknown>;
    await insertDeliveries(
      tx,
      endpoints.map((e) => ({ endpointId: e.id, eventId: outgoing.event.id, eventType: outgoing.event.type, payload })),
    );
    afterCommit(() => void kickWebhookDelivery());
  },
});

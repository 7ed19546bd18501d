/**
 * Webhook endpoints, managed by admins at /admin/webhooks (SPEC.md §3, §5, §7). A URL is checked
 * against the SSRF rules when saved (every address its host resolves to) and again by each
 * connection (send.ts). The signing secret is returned only by the calls that create or rotate
 * it. Every change is audited.
 */
import { randomUUID } from 'node:crypto';
import { recordAudit } from '@/features/audit/server/service';
import { db, type DbOrTx } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import type { UserActor } from '@/server/identity/actor';
import { urlRefusalOf } from '@/server/net/ssrf';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT, type WebhookEventType } from '../enums';
import type {
  WebhookAttemptPage,
  WebhookDeliveryRef,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
} from '../schema';
import { kickWebhookDelivery } from './delivery-service';
import type { WebhookEvent } from './payload';
import {
  deleteEndpointRow,
  getDelivery,
  getEndpoint,
  insertDeliveries,
  insertEndpoint,
  listAttempts,
  lastAttemptOf,
  listEndpointsWithLastAttempt,
  updateEndpoint,
  type EndpointRow,
  type LastAttempt,
} from './queries';
import { newSecret, outboundPolicy } from './send';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

export function toEndpoint(row: EndpointRow, last?: LastAttempt): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.filter((e): e is WebhookEventType => (WEBHOOK_EVENTS as readonly string[]).includes(e)),
    format: row.format,
    includePrivate: row.includePrivate,
    state: row.disabledAt ? 'disabled' : 'active',
    disabledAt: iso(row.disabledAt),
    disabledReason: row.disabledReason,
    createdAt: iso(row.createdAt)!,
    lastAttempt: last
      ? { at: iso(last.started_at)!, ok: last.ok, statusCode: last.status_code === null ? null : Number(last.status_code) }
      : null,
  };
}

/** What the audit log keeps of an endpoint (never its secret). */
const auditView = (row: EndpointRow) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  format: row.format,
  includePrivate: row.includePrivate,
});

async function assertReachable(url: string): Promise<void> {
  const refusal = await urlRefusalOf(url, outboundPolicy());
  if (refusal) {
    throw new AppError('VALIDATION_FAILED', 'This URL cannot receive webhooks.', {
      fields: { url: refusal.message },
      reason: refusal.reason,
    });
  }
}

async function loadOrNotFound(tx: DbOrTx, id: string, forUpdate = false): Promise<EndpointRow> {
  const row = UUID.test(id) ? await getEndpoint(tx, id, { forUpdate }) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'There is no such webhook endpoint.');
  return row;
}

export async function listEndpoints(): Promise<WebhookEndpoint[]> {
  return (await listEndpointsWithLastAttempt(db())).map(({ endpoint, last }) => toEndpoint(endpoint, last));
}

/** One endpoint as the API answers it, with its last attempt (as in the list). */
async function endpointView(tx: DbOrTx, row: EndpointRow): Promise<WebhookEndpoint> {
  return toEndpoint(row, await lastAttemptOf(tx, row.id));
}

export async function getEndpointAs(id: string, tx: DbOrTx = db()): Promise<WebhookEndpoint> {
  return endpointView(tx, await loadOrNotFound(tx, id));
}

export async function createEndpoint(actor: UserActor, input: WebhookEndpointInput, ip: string): Promise<WebhookEndpointWithSecret> {
  await assertReachable(input.url);
  return db().transaction(async (tx) => {
    const row = await insertEndpoint(tx, { ...input, secret: newSecret(), createdById: actor.id });
    await recordAudit({ actor, action: 'webhook.created', targetType: 'webhook', targetId: row.id, after: auditView(row), ip }, tx);
    return { ...toEndpoint(row), secret: row.secret };
  });
}

export async function updateEndpointAs(actor: UserActor, id: string, input: WebhookEndpointUpdate, ip: string): Promise<WebhookEndpoint> {
  if (input.url !== undefined) await assertReachable(input.url);
  return db().transaction(async (tx) => {
    const before = await loadOrNotFound(tx, id, true);
    const after = await updateEndpoint(tx, id, input);
    await recordAudit(
      { actor, action: 'webhook.updated', targetType: 'webhook', targetId: id, before: auditView(before), after: auditView(after), ip },
      tx,
    );
    return endpointView(tx, after);
  });
}

export async function deleteEndpointAs(actor: UserActor, id: string, ip: string): Promise<void> {
  await db().transaction(async (tx) => {
    const before = await loadOrNotFound(tx, id, true);
    await deleteEndpointRow(tx, id);
    await recordAudit({ actor, action: 'webhook.deleted', targetType: 'webhook', targetId: id, before: auditView(before), ip }, tx);
  });
}

/** A new secret at once: deliveries from now on are signed with it (receivers must switch). */
export async function rotateSecret(actor: UserActor, id: string, ip: string): Promise<WebhookEndpointWithSecret> {
  return db().transaction(async (tx) => {
    const before = await loadOrNotFound(tx, id, true);
    const row = await updateEndpoint(tx, id, { secret: newSecret() });
    await recordAudit({ actor, action: 'webhook.secret_rotated', targetType: 'webhook', targetId: id, after: { url: before.url }, ip }, tx);
    return { ...(await endpointView(tx, row)), secret: row.secret };
  });
}

/** Enables an endpoint that was disabled after repeated failure; new events go to it again. */
export async function enableEndpoint(actor: UserActor, id: string, ip: string): Promise<WebhookEndpoint> {
  return db().transaction(async (tx) => {
    const before = await loadOrNotFound(tx, id, true);
    if (!before.disabledAt) return endpointView(tx, before);
    const row = await updateEndpoint(tx, id, { disabledAt: null, disabledReason: null });
    await recordAudit({ actor, action: 'webhook.enabled', targetType: 'webhook', targetId: id, after: { url: row.url }, ip }, tx);
    return endpointView(tx, row);
  });
}

/** Queues a `webhook.test` event for this endpoint (sent at once in the background, tried once). */
export async function sendTestEvent(actor: UserActor, id: string, ip: string): Promise<WebhookDeliveryRef> {
  const ref = await db().transaction(async (tx) => {
    const endpoint = await loadOrNotFound(tx, id);
    const event: WebhookEvent = {
      id: randomUUID(),
      type: WEBHOOK_TEST_EVENT,
      createdAt: new Date().toISOString(),
      data: { message: 'A test event from Chorus: this endpoint is set up correctly.' },
    };
    const [delivery] = await insertDeliveries(tx, [
      { endpointId: endpoint.id, eventId: event.id, eventType: event.type, payload: event as unknown as Record<string, unknown> },
    ]);
    await recordAudit({ actor, action: 'webhook.test_sent', targetType: 'webhook', targetId: id, after: { url: endpoint.url }, ip }, tx);
    return { deliveryId: delivery!.id, eventId: event.id };
  });
  void kickWebhookDelivery();
  return ref;
}

/** Sends a delivery's event again, as a new delivery with the same event id (receivers may dedupe on it). */
export async function redeliver(actor: UserActor, endpointId: string, deliveryId: string, ip: string): Promise<WebhookDeliveryRef> {
  const ref = await db().transaction(async (tx) => {
    const endpoint = await loadOrNotFound(tx, endpointId);
    const original = UUID.test(deliveryId) ? await getDelivery(tx, deliveryId) : undefined;
    if (!original || original.endpointId !== endpoint.id) throw new AppError('NOT_FOUND', 'There is no such delivery.');
    if (endpoint.disabledAt && original.eventType !== WEBHOOK_TEST_EVENT) {
      throw new AppError('CONFLICT', 'This endpoint is disabled. Enable it first, then redeliver.', {
        reason: 'webhookEndpointDisabled',
      });
    }
    const [delivery] = await insertDeliveries(tx, [
      { endpointId: endpoint.id, eventId: original.eventId, eventType: original.eventType, payload: original.payload },
    ]);
    await recordAudit(
      {
        actor,
        action: 'webhook.redelivered',
        targetType: 'webhook',
        targetId: endpointId,
        after: { url: endpoint.url, eventType: original.eventType },
        ip,
      },
      tx,
    );
    return { deliveryId: delivery!.id, eventId: original.eventId };
  });
  void kickWebhookDelivery();
  return ref;
}

const PAGE = 20;

/** An endpoint's delivery log: every attempt, newest first, 20 a page. */
export async function listDeliveryLog(endpointId: string, cursor?: string): Promise<WebhookAttemptPage> {
  await loadOrNotFound(db(), endpointId);
  const before = cursor && /^[0-9]{1,15}$/.test(cursor) ? Number(cursor) : undefined;
  const list = await listAttempts(db(), endpointId, PAGE + 1, before);
  const items = list.slice(0, PAGE).map((r) => ({
    id: r.id,
    deliveryId: r.delivery_id,
    eventId: r.event_id,
    eventType: r.event_type,
    attempt: r.attempt,
    at: iso(r.started_at)!,
    durationMs: r.duration_ms,
    statusCode: r.status_code === null ? null : Number(r.status_code),
    responseBody: r.response_body,
    error: r.error,
    ok: r.ok,
    deliveryState: r.delivery_state,
  }));
  return { items, nextCursor: list.length > PAGE ? String(items.at(-1)!.id) : null };
}

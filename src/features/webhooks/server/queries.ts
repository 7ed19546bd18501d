/** Webhooks' SQL: endpoints, deliveries and attempts. Admin-only data; callers have checked the actor. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/server/db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '@/server/db/schema';
import { WEBHOOK_TEST_EVENT } from '../enums';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function insertEndpoint(db: DbOrTx, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function getEndpoint(db: DbOrTx, id: string, opts: { forUpdate?: boolean } = {}): Promise<EndpointRow | undefined> {
  const q = db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  const [row] = await (opts.forUpdate ? q.for('update') : q);
  return row;
}

export async function updateEndpoint(db: DbOrTx, id: string, values: Partial<typeof webhookEndpoints.$inferInsert>): Promise<EndpointRow> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row!;
}

export async function deleteEndpointRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

export interface LastAttempt {
  endpoint_id: string;
  started_at: string | Date;
  ok: boolean;
  status_code: number | null;
}

/** Every endpoint, oldest first, with its latest attempt. */
export async function listEndpointsWithLastAttempt(db: DbOrTx): Promise<{ endpoint: EndpointRow; last: LastAttempt | undefined }[]> {
  const endpoints = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  // One index probe per endpoint (webhook_attempts_endpoint_idx), however long the log grows.
  const last = await queryRows<LastAttempt>(
    sql`select a.endpoint_id, a.started_at, a.ok, a.status_code
        from webhook_endpoints e
        cross join lateral (
          select endpoint_id, started_at, ok, status_code from webhook_attempts
          where endpoint_id = e.id order by id desc limit 1
        ) a`,
    db,
  );
  const byEndpoint = new Map(last.map((l) => [l.endpoint_id, l]));
  return endpoints.map((endpoint) => ({ endpoint, last: byEndpoint.get(endpoint.id) }));
}

/** One endpoint's last attempt, if any. */
export async function lastAttemptOf(db: DbOrTx, endpointId: string): Promise<LastAttempt | undefined> {
  const [last] = await queryRows<LastAttempt>(
    sql`select endpoint_id, started_at, ok, status_code
        from webhook_attempts where endpoint_id = ${endpointId} order by id desc limit 1`,
    db,
  );
  return last;
}

/** The endpoints that take this event type now: active, subscribed, and (for a private board's event) allowed private data. */
export async function subscribedEndpoints(db: DbOrTx, eventType: string, isPrivate: boolean): Promise<{ id: string }[]> {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        isNull(webhookEndpoints.disabledAt),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([eventType])}::jsonb`,
        isPrivate ? eq(webhookEndpoints.includePrivate, true) : undefined,
      ),
    );
}

export async function insertDeliveries(
  db: DbOrTx,
  values: { endpointId: string; eventId: string; eventType: string; payload: Record<string, unknown> }[],
): Promise<{ id: string; endpointId: string }[]> {
  if (values.length === 0) return [];
  return db.insert(webhookDeliveries).values(values).returning({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId });
}

export async function getDelivery(db: DbOrTx, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

export interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  payload: Record<string, unknown>;
  attempts: number;
  url: string;
  secret: string;
  format: 'generic' | 'slack' | 'discord';
}

/**
 * Claims up to `limit` due deliveries with a lease (one statement, SKIP LOCKED): `attempts` counts
 * this attempt and `next_attempt_at` moves past the lease, so no other instance takes them
 * meanwhile and a crashed sender's deliveries come back when it ends. A disabled endpoint's
 * deliveries wait, except a test event (an admin may try an endpoint before enabling it).
 */
export async function claimDueDeliveries(db: DbOrTx, limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  const claimed = await queryRows<ClaimedDelivery>(
    sql`with claimed as (
          update webhook_deliveries d set attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
          where d.id in (
            select d2.id from webhook_deliveries d2 join webhook_endpoints e on e.id = d2.endpoint_id
            where d2.state = 'pending' and d2.next_attempt_at <= now()
              and (e.disabled_at is null or d2.event_type = ${WEBHOOK_TEST_EVENT})
            order by d2.next_attempt_at, d2.id limit ${limit}
            for update of d2 skip locked)
          returning d.id, d.endpoint_id, d.event_id, d.event_type, d.payload, d.attempts)
        select c.*, e.url, e.secret, e.format from claimed c join webhook_endpoints e on e.id = c.endpoint_id`,
    db,
  );
  return claimed.map((c) => ({ ...c, attempts: Number(c.attempts) }));
}

export type DeliveryOutcome = { state: 'delivered' | 'failed' } | { retryInSeconds: number };

/**
 * Records a batch of attempts and settles their deliveries, in two statements whatever the batch's
 * size (on embedded PGlite every statement holds its one thread). A delivery is settled only if
 * this runner still holds it (same attempt count, still pending); answers the ids it settled.
 */
export async function recordAttempts(
  db: DbOrTx,
  attempts: { values: typeof webhookAttempts.$inferInsert; outcome: DeliveryOutcome }[],
): Promise<Set<string>> {
  if (attempts.length === 0) return new Set();
  await db.insert(webhookAttempts).values(attempts.map((a) => a.values));
  const outcomes = attempts.map(({ values, outcome }) => ({
    id: values.deliveryId,
    attempts: values.attempt,
    state: 'state' in outcome ? outcome.state : null,
    retry: 'state' in outcome ? null : outcome.retryInSeconds,
  }));
  const settled = await queryRows<{ id: string }>(
    sql`update webhook_deliveries d set
          state = coalesce(v.state, d.state),
          finished_at = case when v.state is null then d.finished_at else now() end,
          next_attempt_at = case when v.retry is null then d.next_attempt_at else now() + make_interval(secs => v.retry) end
        from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as v(id uuid, attempts int, state text, retry int)
        where d.id = v.id and d.attempts = v.attempts and d.state = 'pending'
        returning d.id`,
    db,
  );
  return new Set(settled.map((r) => r.id));
}

/** Disables an active endpoint; answers whether this call did (not already disabled). */
export async function disableEndpoint(db: DbOrTx, id: string, reason: string): Promise<boolean> {
  const done = await db
    .update(webhookEndpoints)
    .set({ disabledAt: new Date(), disabledReason: reason, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.disabledAt)))
    .returning({ id: webhookEndpoints.id });
  return done.length > 0;
}

/** Gives up the endpoint's other waiting deliveries (it was disabled); admins may redeliver them. */
export async function failPendingDeliveries(db: DbOrTx, endpointId: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ state: 'failed', finishedAt: new Date() })
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.state, 'pending'),
        sql`${webhookDeliveries.eventType} <> ${WEBHOOK_TEST_EVENT}`,
      ),
    );
}

export interface AttemptListRow {
  id: number;
  delivery_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  started_at: string | Date;
  duration_ms: number;
  status_code: number | null;
  response_body: string | null;
  error: string | null;
  ok: boolean;
  delivery_state: 'pending' | 'delivered' | 'failed';
}

/** An endpoint's attempts, newest first, `limit` after the cursor (an attempt id). */
export async function listAttempts(db: DbOrTx, endpointId: string, limit: number, beforeId?: number): Promise<AttemptListRow[]> {
  const list = await queryRows<AttemptListRow>(
    sql`select a.id, a.delivery_id, d.event_id, d.event_type, a.attempt, a.started_at, a.duration_ms, a.status_code,
          a.response_body, a.error, a.ok, d.state as delivery_state
        from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
        where a.endpoint_id = ${endpointId} ${beforeId ? sql`and a.id < ${beforeId}` : sql``}
        order by a.id desc limit ${limit}`,
    db,
  );
  return list.map((r) => ({ ...r, id: Number(r.id), attempt: Number(r.attempt), duration_ms: Number(r.duration_ms) }));
}

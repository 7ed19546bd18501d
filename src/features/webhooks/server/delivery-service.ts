/**
 * Sending webhook deliveries (src/features/webhooks/README.md). Deliveries are rows in the
 * database written by the event's job; any instance claims due ones (SKIP LOCKED, with a lease),
 * sends them with no transaction open (embedded PGlite has one connection, which a hanging
 * receiver must never hold), then records the batch's attempts in one short transaction.
 *
 * A failed attempt is retried with exponential backoff and jitter, 12 attempts over about a day.
 * When a delivery's last attempt fails, its endpoint is disabled, its other waiting deliveries
 * are given up (admins may redeliver them), and the job ENDPOINT_DISABLED_JOB tells the admins.
 */
import { backgroundWorkStopped, trackBackgroundWork } from '@/server/background-work';
import { db } from '@/server/db/client';
import { enqueueJob, kickJobs } from '@/server/jobs/queue';
import { logger } from '@/server/log';
import { WEBHOOK_TEST_EVENT, type WebhookFormat } from '../enums';
import { renderBody } from './formats';
import type { WebhookEvent } from './payload';
import { claimDueDeliveries, disableEndpoint, failPendingDeliveries, recordAttempts, type ClaimedDelivery } from './queries';
import { sendWebhook, type SendOptions } from './send';

/** The job that tells admins an endpoint was disabled (its handler lives in the composition layer). */
export const ENDPOINT_DISABLED_JOB = 'webhooks.endpoint_disabled';

/** Seconds before each retry (attempt n failed → wait RETRY_DELAYS[n-1]): 12 attempts over ~22 hours. */
export const RETRY_DELAYS_SECONDS = [60, 120, 300, 600, 1200, 2400, 3600, 7200, 14400, 21600, 28800] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** The delay before the retry after attempt `attempt` failed, ±20 % jitter. */
export function retryDelaySeconds(attempt: number, random = Math.random): number {
  const base = RETRY_DELAYS_SECONDS[Math.min(attempt, RETRY_DELAYS_SECONDS.length) - 1] ?? RETRY_DELAYS_SECONDS.at(-1)!;
  return Math.max(1, Math.round(base * (0.8 + 0.4 * random())));
}

/** Longer than any attempt takes (10 s timeout), so a live sender never loses its claim. */
const LEASE_SECONDS = 60;
/** Deliveries claimed and sent at once by one instance. */
const BATCH = 10;

export interface DeliveryOptions extends SendOptions {
  /** Replaces the retry schedule (tests). */
  retryDelaySeconds?: (attempt: number) => number;
  maxAttempts?: number;
}

interface Sent {
  delivery: ClaimedDelivery;
  startedAt: Date;
  result: Awaited<ReturnType<typeof sendWebhook>>;
}

function send(d: ClaimedDelivery, opts: DeliveryOptions): Promise<Sent> {
  const startedAt = new Date();
  const event = d.payload as unknown as WebhookEvent;
  return sendWebhook(
    {
      url: d.url,
      body: renderBody(d.format as WebhookFormat, event),
      secret: d.secret,
      eventType: d.event_type,
      deliveryId: d.id,
      eventId: d.event_id,
    },
    opts,
  ).then((result) => ({ delivery: d, startedAt, result }));
}

/**
 * Records a batch's attempts in one short transaction: the attempts and the deliveries' new states
 * in two statements (recordAttempts), then, for a delivery whose last attempt failed, its endpoint
 * disabled, the endpoint's other waiting deliveries given up and the admins' job queued.
 */
async function record(sent: Sent[], opts: DeliveryOptions): Promise<void> {
  const maxAttempts = opts.maxAttempts ?? MAX_ATTEMPTS;
  const retryIn = opts.retryDelaySeconds ?? retryDelaySeconds;
  // A test event is tried once: the admin is watching and sends another if they want.
  const isFinal = ({ delivery: d, result }: Sent) => !result.ok && (d.attempts >= maxAttempts || d.event_type === WEBHOOK_TEST_EVENT);
  const disabled: Sent[] = [];
  await db().transaction(async (tx) => {
    const settled = await recordAttempts(
      tx,
      sent.map((s) => ({
        values: {
          deliveryId: s.delivery.id,
          endpointId: s.delivery.endpoint_id,
          attempt: s.delivery.attempts,
          startedAt: s.startedAt,
          durationMs: s.result.durationMs,
          statusCode: s.result.statusCode,
          responseBody: s.result.responseBody,
          error: s.result.error?.slice(0, 500) ?? null,
          ok: s.result.ok,
        },
        outcome: s.result.ok
          ? { state: 'delivered' as const }
          : isFinal(s)
            ? { state: 'failed' as const }
            : { retryInSeconds: retryIn(s.delivery.attempts) },
      })),
    );
    for (const s of sent) {
      const d = s.delivery;
      if (!settled.has(d.id) || !isFinal(s) || d.event_type === WEBHOOK_TEST_EVENT) continue;
      const reason = `Disabled after ${d.attempts} failed attempts to deliver one event over about a day; the last: ${s.result.error ?? 'failed'}`;
      if (await disableEndpoint(tx, d.endpoint_id, reason.slice(0, 500))) {
        await failPendingDeliveries(tx, d.endpoint_id);
        await enqueueJob(ENDPOINT_DISABLED_JOB, { endpointId: d.endpoint_id }, { tx });
        disabled.push(s);
      }
    }
  });
  for (const { delivery: d } of disabled) {
    logger().warn({ endpointId: d.endpoint_id, deliveryId: d.id }, 'webhook endpoint disabled after repeated failure');
  }
  if (disabled.length > 0) kickJobs();
  for (const { delivery: d, result } of sent) {
    if (!result.ok) logger().info({ deliveryId: d.id, attempt: d.attempts, error: result.error }, 'webhook attempt failed');
  }
}

/**
 * Sends every due delivery, BATCH at a time in parallel, until none is due or the server starts
 * shutting down (the batch in hand is finished); answers how many were delivered.
 */
export async function deliverDueWebhooks(opts: DeliveryOptions = {}): Promise<number> {
  let delivered = 0;
  while (!backgroundWorkStopped()) {
    const claimed = await claimDueDeliveries(db(), BATCH, LEASE_SECONDS);
    if (claimed.length === 0) return delivered;
    const sent = await Promise.all(claimed.map((d) => send(d, opts)));
    await record(sent, opts);
    delivered += sent.filter((s) => s.result.ok).length;
  }
  return delivered;
}

let running: Promise<number> | undefined;
let again = false;
let defaults: DeliveryOptions = {};

/** The options of runs started by kicks (tests and benchmarks shorten the timeout and retry delays). */
export function setWebhookDeliveryDefaults(opts: DeliveryOptions): void {
  defaults = opts;
}

/**
 * Starts a delivery run in the background (one per process; a kick during a run makes it look
 * again). The shutdown waits for the run; once it has started, no run starts.
 */
export function kickWebhookDelivery(): Promise<number> {
  const opts = defaults;
  if (backgroundWorkStopped()) return Promise.resolve(0);
  if (running) {
    again = true;
    return running;
  }
  running = trackBackgroundWork(
    (async () => {
      let total = 0;
      do {
        again = false;
        total += await deliverDueWebhooks(opts);
      } while (again);
      return total;
    })()
      .catch((err: unknown) => {
        logger().error({ err }, 'webhook delivery run failed');
        return 0;
      })
      .finally(() => (running = undefined)),
  );
  return running;
}

/**
 * The features' work that runs outside requests, wired together for the server entry
 * (src/server/main.ts), which imports no feature itself: the job handlers every instance runs
 * (claimed in the database, src/server/jobs), first-run setup from the environment, and the
 * periodic trending refresh, the insights' keyed periodic jobs, the attachments' orphan sweep,
 * the compaction of the triage list's kept counts and the pruning of used identify tokens.
 */
import { accountJobs } from '@/features/accounts/server/job-handlers';
import { attachmentJobs } from '@/features/attachments/server/job-handlers';
import { scheduleOrphanSweep } from '@/features/attachments/server/service';
import { changelogJobs } from '@/features/changelog/server/job-handlers';
import { headlessSetup } from '@/features/accounts/server/setup-service';
import { identifyJobs } from '@/features/identify/server/job-handlers';
import { scheduleTokenUsePruning } from '@/features/identify/server/service';
import { insightEvents, insightJobs } from '@/features/insights/server/job-handlers';
import { scheduleInsights } from '@/features/insights/server/service';
import { notificationEvents, notificationJobs } from '@/features/notifications/server/job-handlers';
import { priorityJobs } from '@/features/posts/server/priority-service';
import { refreshTrendingScores } from '@/features/posts/server/trending-service';
import { scheduleTriageCountsCompaction, triageCountJobs } from '@/features/posts/server/triage-counts-service';
import { kickWebhookDelivery } from '@/features/webhooks/server/delivery-service';
import { webhookEvents } from '@/features/webhooks/server/job-handlers';
import { bumpContentGeneration } from '@/server/cache/visitor-cache';
import { db } from '@/server/db/client';
import { checkpointIfLogGrew, upkeepIfEmbedded } from '@/server/db/maintenance';
import { pruneRateLimits } from '@/server/http/rate-limit';
import { pruneExpiredSessions } from '@/server/identity/sessions';
import { pruneExpiredSsoFlows } from '@/server/identity/tokens';
import { drainJobs } from '@/server/jobs/queue';
import { pruneLiveEvents } from '@/server/live/prune';
import type { BackgroundLoop } from '@/server/loops';
import { deliverPendingEmails } from '@/server/mail/outbox';
import { domainEventSchema, EVENT_JOB_KIND, type EventConsumer } from '@/server/events';
import { enqueueJob, jobHandler, type JobHandlers } from '@/server/jobs/queue';
import { changelogNotifications } from './changelog-notifications';
import { webhookNotificationJobs } from './webhook-notifications';

/**
 * Who acts on domain events (src/server/events.ts): an event becomes one job for each consumer
 * that lists its type, so each retries on its own and none is queued for nothing.
 */
export const EVENT_CONSUMERS: readonly EventConsumer[] = [notificationEvents, changelogNotifications, insightEvents, webhookEvents];

const dispatchEvent = jobHandler(domainEventSchema, async (event, { tx }) => {
  for (const consumer of EVENT_CONSUMERS) {
    if (consumer.types.includes(event.type)) await enqueueJob(consumer.jobKind, event, { tx });
  }
});

/** Every feature's background jobs, by kind. */
export const jobHandlers: JobHandlers = {
  ...accountJobs,
  ...attachmentJobs,
  ...changelogJobs,
  ...identifyJobs,
  ...insightJobs,
  ...notificationJobs,
  ...priorityJobs,
  ...triageCountJobs,
  ...webhookNotificationJobs,
  ...Object.fromEntries(EVENT_CONSUMERS.map((c) => [c.jobKind, c.handler])),
  [EVENT_JOB_KIND]: dispatchEvent,
};

/**
 * Sends due webhook deliveries (retries, and what a crashed instance held); kicked after each
 * event's deliveries are written, and swept periodically by the server entry.
 */
export const deliverWebhooks = (): Promise<number> => kickWebhookDelivery();

/** Completes first-run setup from CHORUS_ADMIN_* when they are set (headless install). */
export const setUpFromEnvironment = headlessSetup;

/** Recomputes every post's trending score, which decays with age between votes (SPEC.md §9). */
export const refreshTrending = (): Promise<number> => refreshTrendingScores(db());

/** Periodic work that lives in the job queue, scheduled once at server start (keyed: one waits across instances). */
export async function scheduleBackgroundWork(): Promise<void> {
  await scheduleInsights();
  await scheduleOrphanSweep();
  await scheduleTriageCountsCompaction();
  await scheduleTokenUsePruning();
}

const MINUTE = 60_000;

/**
 * The server's background loops (src/server/loops.ts starts them). The first runs wait a few
 * seconds, so the first requests after a start are not queued behind them on the embedded
 * database's one thread.
 */
export function backgroundLoops(): BackgroundLoop[] {
  const runJobs = () => drainJobs(jobHandlers);
  let upkeeps = 0;
  const trending: Omit<BackgroundLoop, 'everyMs' | 'firstAfterMs'> = {
    name: 'trending refresh',
    // Scores are written with every vote; the refresh only ages them. Copies kept for readers hold
    // the old order only if a score moved.
    run: async () => {
      if ((await refreshTrending()) > 0) bumpContentGeneration();
    },
  };
  return [
    // Housekeeping any instance may do: old rate-limit windows, expired sessions and SSO flows.
    { name: 'pruning rate limits', run: pruneRateLimits, everyMs: 10 * MINUTE, onError: 'ignore' },
    { name: 'pruning sessions', run: pruneExpiredSessions, everyMs: 10 * MINUTE, onError: 'ignore' },
    { name: 'pruning SSO flows', run: pruneExpiredSsoFlows, everyMs: 10 * MINUTE, onError: 'ignore' },
    // It reads every post, so the first run waits a minute rather than compete with the first requests.
    { ...trending, everyMs: 10 * MINUTE, firstAfterMs: MINUTE },
    { name: 'pruning live signals', run: pruneLiveEvents, everyMs: MINUTE, onError: 'warn' },
    // Emails and webhook deliveries are kicked when written; these sweeps send retries as they
    // fall due, and what a crashed or stopped instance held when its lease ends.
    { name: 'email delivery', run: deliverPendingEmails, everyMs: 30_000, firstAfterMs: 3_000, tracksItself: true },
    { name: 'webhook delivery', run: deliverWebhooks, everyMs: 15_000, firstAfterMs: 3_000, tracksItself: true },
    // Jobs are kicked by the request that enqueues them; this sweep runs retries and what a
    // crashed or stopped instance left behind.
    { name: 'job run', run: runJobs, everyMs: 10_000, tracksItself: true },
    // Periodic work kept as keyed jobs (one waits across instances), and whatever a stopped instance left due.
    { name: 'scheduling background work', run: () => scheduleBackgroundWork().then(runJobs), firstAfterMs: 3_000 },
    // Embedded PGlite has no autovacuum (src/server/db/maintenance.ts): a vacuum soon after the
    // start (statistics for tables that have none), then every 10 minutes, with fresh statistics hourly.
    { name: 'table upkeep', run: () => upkeepIfEmbedded({ analyze: ++upkeeps % 6 === 0 }), everyMs: 10 * MINUTE, firstAfterMs: 20_000 },
    { name: 'checkpoint', run: checkpointIfLogGrew, everyMs: MINUTE },
  ];
}

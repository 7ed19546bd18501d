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
import { db } from '@/server/db/client';
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

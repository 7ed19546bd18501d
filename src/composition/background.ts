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
import { insightJobs } from '@/features/insights/server/job-handlers';
import { INSIGHT_JOBS, scheduleInsights } from '@/features/insights/server/service';
import { EVENT_CONSUMER_KIND as NOTIFICATIONS_CONSUMER, notificationJobs } from '@/features/notifications/server/job-handlers';
import { priorityJobs } from '@/features/posts/server/priority-service';
import { refreshTrendingScores } from '@/features/posts/server/trending-service';
import { scheduleTriageCountsCompaction, triageCountJobs } from '@/features/posts/server/triage-counts-service';
import { kickWebhookDelivery } from '@/features/webhooks/server/delivery-service';
import { WEBHOOKS_CONSUMER_KIND, webhookJobs } from '@/features/webhooks/server/job-handlers';
import { db } from '@/server/db/client';
import { domainEventSchema, EVENT_JOB_KIND } from '@/server/events';
import { enqueueJob, jobHandler, type JobHandlers } from '@/server/jobs/queue';
import { CHANGELOG_NOTIFY_KIND, changelogNotificationJobs } from './changelog-notifications';
import { webhookNotificationJobs } from './webhook-notifications';

/**
 * Who acts on a domain event (src/server/events.ts), by the job kind each consumer handles: an
 * event becomes one job per consumer, so each retries on its own.
 */
export const EVENT_CONSUMERS: readonly string[] = [
  NOTIFICATIONS_CONSUMER,
  CHANGELOG_NOTIFY_KIND,
  INSIGHT_JOBS.event,
  WEBHOOKS_CONSUMER_KIND,
];

const dispatchEvent = jobHandler(domainEventSchema, async (event, { tx }) => {
  for (const kind of EVENT_CONSUMERS) await enqueueJob(kind, event, { tx });
});

/** Every feature's background jobs, by kind. */
export const jobHandlers: JobHandlers = {
  ...accountJobs,
  ...attachmentJobs,
  ...changelogJobs,
  ...identifyJobs,
  ...insightJobs,
  ...notificationJobs,
  ...changelogNotificationJobs,
  ...priorityJobs,
  ...triageCountJobs,
  ...webhookJobs,
  ...webhookNotificationJobs,
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

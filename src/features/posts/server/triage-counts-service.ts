/**
 * Upkeep of the triage list's kept facet counts (`triage_counts`, drizzle/0015_triage_counts.sql):
 * every change appends its deltas, and this folds them into one row per key every few minutes, so
 * reading them stays a sum over a few hundred rows. A keyed job, claimed in the database: one
 * instance runs it, and it schedules its next run in the same transaction.
 */
import { z } from 'zod';
import type { DbOrTx } from '@/server/db/client';
import { enqueueJob, jobHandler, type JobHandlers } from '@/server/jobs/queue';
import { compactTriageCounts } from './triage-facet-queries';

export const TRIAGE_COUNTS_COMPACT_KIND = 'posts.compact_triage_counts';
const KEY = 'posts:compact-triage-counts';
export const TRIAGE_COUNTS_COMPACT_SECONDS = 5 * 60;

/** Schedules the compaction (at server start; a run already waiting is left as it is). */
export async function scheduleTriageCountsCompaction(tx?: DbOrTx): Promise<void> {
  await enqueueJob(TRIAGE_COUNTS_COMPACT_KIND, {}, { key: KEY, delaySeconds: TRIAGE_COUNTS_COMPACT_SECONDS, tx });
}

export const triageCountJobs: JobHandlers = {
  [TRIAGE_COUNTS_COMPACT_KIND]: jobHandler(z.object({}), async (_payload, { tx }) => {
    await compactTriageCounts(tx);
    await scheduleTriageCountsCompaction(tx);
  }),
};

export { compactTriageCounts };

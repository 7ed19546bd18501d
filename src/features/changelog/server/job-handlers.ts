/** The changelog's background jobs: a scheduled publication (keyed per entry, run by exactly one instance). */
import { z } from 'zod';
import { jobHandler, type JobHandlers } from '@/server/jobs/queue';
import { afterScheduledPublication } from './editing';
import { PUBLISH_JOB_KIND, runScheduledPublication } from './publishing';

export const changelogJobs: JobHandlers = {
  [PUBLISH_JOB_KIND]: jobHandler(z.object({ entryId: z.uuid() }), async ({ entryId }, { tx, afterCommit }) => {
    if (await runScheduledPublication(tx, entryId)) afterCommit(afterScheduledPublication);
  }),
};

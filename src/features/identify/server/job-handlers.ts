/** Forgets used identify tokens after they expire: one keyed job across instances, every 10 minutes. */
import { z } from 'zod';
import { enqueueJob, jobHandler, type JobHandlers } from '@/server/jobs/queue';
import { pruneTokenUses } from './queries';
import { IDENTIFY_PRUNE_EVERY_SECONDS, IDENTIFY_PRUNE_JOB, IDENTIFY_PRUNE_KEY } from './service';

export const identifyJobs: JobHandlers = {
  [IDENTIFY_PRUNE_JOB]: jobHandler(z.object({}), async (_payload, { tx }) => {
    await pruneTokenUses(tx);
    await enqueueJob(IDENTIFY_PRUNE_JOB, {}, { tx, key: IDENTIFY_PRUNE_KEY, delaySeconds: IDENTIFY_PRUNE_EVERY_SECONDS });
  }),
};

/**
 * The orphan sweep: one keyed job across instances, every hour (sooner while a full batch was
 * found). Claimed in the database like every job, so two instances never sweep at once.
 */
import { z } from 'zod';
import { enqueueJob, jobHandler, type JobHandlers } from '@/server/jobs/queue';
import { SWEEP_JOB, sweepOrphans } from './service';

export const attachmentJobs: JobHandlers = {
  [SWEEP_JOB]: jobHandler(z.object({}), async (_payload, { tx }) => {
    const removed = await sweepOrphans(tx);
    await enqueueJob(SWEEP_JOB, {}, { tx, key: 'attachments:sweep', delaySeconds: removed >= 100 ? 60 : 3600 });
  }),
};

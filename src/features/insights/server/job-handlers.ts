/**
 * The insights jobs (kinds in service.ts, INSIGHT_JOBS), joined with every feature's in
 * src/composition/background.ts. Each recomputes what it covers from the source tables, so a job
 * run twice (after a crash) or on two instances leaves the same rows.
 */
import { z } from 'zod';
import { eventConsumer } from '@/server/events';
import { enqueueJob, jobHandler, type JobHandlers } from '@/server/jobs/queue';
import { utcDay } from '../schema';
import { INSIGHT_JOBS, nextFullRefresh, RECENT_DELAY_SECONDS, refreshFullChunk, refreshPost, refreshRecent, TICK_SECONDS } from './service';

const fullPayload = z.object({
  through: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

/** Every event that names a post (a changelog entry changes no figure). */
export const insightEvents = eventConsumer({
  jobKind: INSIGHT_JOBS.event,
  types: ['post.created', 'post.status_changed', 'post.merged', 'post.approval_decided', 'comment.created', 'vote.created'],
  handle: async (event, { tx }) => {
    await refreshPost(tx, event.postId);
    await enqueueJob(INSIGHT_JOBS.recent, {}, { tx, key: 'insights:recent', delaySeconds: RECENT_DELAY_SECONDS });
  },
});

export const insightJobs: JobHandlers = {
  [INSIGHT_JOBS.recent]: jobHandler(z.object({}), async (_p, { tx }) => refreshRecent(tx)),
  [INSIGHT_JOBS.tick]: jobHandler(z.object({}), async (_p, { tx }) => {
    await refreshRecent(tx);
    await enqueueJob(INSIGHT_JOBS.tick, {}, { tx, key: 'insights:tick', delaySeconds: TICK_SECONDS });
  }),
  [INSIGHT_JOBS.full]: jobHandler(fullPayload, async ({ through }, { tx }) => {
    const next = await refreshFullChunk(tx, through ?? utcDay(new Date()));
    if (next) await enqueueJob(INSIGHT_JOBS.full, { through: next }, { tx, key: `insights:full:${next}` });
    else await enqueueJob(INSIGHT_JOBS.full, {}, { tx, key: 'insights:full', runAt: nextFullRefresh() });
  }),
};

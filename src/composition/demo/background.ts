/**
 * The demo-data box at /setup: seeds the default demo workspace after setup, in the background,
 * so the new admin does not wait for it. The outcome goes to the log.
 */
import { db } from '@/server/db/client';
import { logger } from '@/server/log';
import { DemoAlreadySeededError, seedDemo } from './seed';
import { bumpContentGeneration } from '@/server/cache/visitor-cache';
import { kickJobs } from '@/server/jobs/queue';

let running: Promise<void> | undefined;

/** Starts seeding unless a seed is already running; resolves when it is done (tests await it). */
export function seedDemoInBackground(): Promise<void> {
  running ??= (async () => {
    const log = logger();
    try {
      const summary = await seedDemo(db());
      bumpContentGeneration();
      kickJobs(); // the insights' full refresh the seed asked for
      log.info({ demo: { posts: summary.posts, votes: summary.votes, comments: summary.comments, ms: summary.ms } }, 'demo data seeded');
    } catch (err) {
      if (err instanceof DemoAlreadySeededError) log.warn(err.message);
      else log.error({ err }, 'demo data could not be seeded');
    } finally {
      running = undefined;
    }
  })();
  return running;
}

/** The seed in progress, if any (tests wait for it). */
export const demoSeedInProgress = (): Promise<void> | undefined => running;

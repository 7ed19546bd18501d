import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { db } from '@/server/db/client';
import { jobs, rateLimits } from '@/server/db/schema';
import { useTestDatabase } from '@/test/db';
import {
  cancelJob,
  drainJobs,
  enqueueJob,
  jobHandler,
  kickJobs,
  registerJobHandlers,
  retryDelaySeconds,
  runDueJobs,
  type JobHandlers,
} from './queue';

useTestDatabase();

beforeEach(async () => {
  await db().delete(jobs);
  await db().delete(rateLimits);
});

/** A handler that writes a row through the job's transaction (rate_limits is a handy key/value table). */
const writeKey = jobHandler(z.object({ key: z.string() }), async ({ key }, { tx }) => {
  await tx.insert(rateLimits).values({ key, windowStart: new Date(), count: 1 });
});
const keys = async () => (await db().select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).sort();
const jobRows = () => db().select().from(jobs);

describe('the job queue', () => {
  it('runs a job once, with its payload, commits its writes with its completion, then runs afterCommit', async () => {
    const seen: string[] = [];
    const handlers: JobHandlers = {
      'test.write': jobHandler(z.object({ key: z.string() }), async ({ key }, ctx) => {
        await ctx.tx.insert(rateLimits).values({ key, windowStart: new Date(), count: 1 });
        ctx.afterCommit(() => seen.push(`after ${key}`));
        seen.push(`ran ${key} attempt ${ctx.job.attempt}`);
      }),
    };
    await enqueueJob('test.write', { key: 'a' });
    expect(await runDueJobs(handlers)).toBe(1);
    expect(seen).toEqual(['ran a attempt 1', 'after a']);
    expect(await keys()).toEqual(['a']);
    expect(await jobRows()).toEqual([]);
    expect(await runDueJobs(handlers)).toBe(0);
  });

  it('claims only the kinds its runner handles', async () => {
    await enqueueJob('test.write', { key: 'mine' });
    await enqueueJob('test.other', { key: 'theirs' });
    expect(await runDueJobs({ 'test.write': writeKey })).toBe(1);
    expect((await jobRows()).map((j) => j.kind)).toEqual(['test.other']);
  });

  it('enqueued inside a transaction that rolls back, the job never exists', async () => {
    await expect(
      db().transaction(async (t) => {
        await enqueueJob('test.write', { key: 'ghost' }, { tx: t });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await jobRows()).toEqual([]);
  });

  it('a failure rolls the handler back and schedules a retry with backoff; it gives up after max attempts and keeps the row', async () => {
    let calls = 0;
    const handlers: JobHandlers = {
      'test.flaky': async (_payload, { tx }) => {
        calls++;
        await tx.insert(rateLimits).values({ key: `half-done-${calls}`, windowStart: new Date(), count: 1 });
        throw new Error(`boom ${calls}`);
      },
    };
    await enqueueJob('test.flaky', {}, { maxAttempts: 2 });
    expect(await runDueJobs(handlers)).toBe(1);
    let [row] = await jobRows();
    expect(row).toMatchObject({ attempts: 1, lastError: 'boom 1' });
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(await keys()).toEqual([]);
    // Not due yet: nothing runs.
    expect(await runDueJobs(handlers)).toBe(0);

    await db()
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` });
    expect(await runDueJobs(handlers)).toBe(1);
    [row] = await jobRows();
    expect(row).toMatchObject({ attempts: 2, maxAttempts: 2, lastError: 'boom 2' });
    await db()
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` });
    expect(await runDueJobs(handlers)).toBe(0);
    expect(calls).toBe(2);
  });

  it('a payload its schema refuses counts as a failure', async () => {
    await enqueueJob('test.write', { key: 42 });
    await runDueJobs({ 'test.write': writeKey });
    expect((await jobRows())[0]).toMatchObject({ attempts: 1 });
  });

  it('a claimed job is left to its runner until the lease ends, then any runner takes it again (a crash loses nothing)', async () => {
    const id = (await enqueueJob('test.write', { key: 'crashed' }))!;
    // What a claim does, by a runner that then died before its commit.
    await db().execute(sql`update jobs set attempts = attempts + 1, run_at = now() + interval '5 minutes' where id = ${id}`);
    expect(await runDueJobs({ 'test.write': writeKey })).toBe(0);
    await db()
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    expect(await runDueJobs({ 'test.write': writeKey })).toBe(1);
    expect(await keys()).toEqual(['crashed']);
    expect(await jobRows()).toEqual([]);
  });

  it('runners working at once run each job exactly once', async () => {
    for (let i = 0; i < 12; i++) await enqueueJob('test.write', { key: `k${String(i).padStart(2, '0')}` });
    // A duplicate run would fail on the primary key and leave a job behind to retry.
    const counts = await Promise.all([
      runDueJobs({ 'test.write': writeKey }),
      runDueJobs({ 'test.write': writeKey }),
      runDueJobs({ 'test.write': writeKey }),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    expect(await keys()).toHaveLength(12);
    expect(await jobRows()).toEqual([]);
  });

  it('drainJobs joins a run in progress and looks again for jobs added meanwhile', async () => {
    const handlers: JobHandlers = { 'test.write': writeKey };
    await enqueueJob('test.write', { key: 'first' });
    const run = drainJobs(handlers);
    await enqueueJob('test.write', { key: 'second' });
    await Promise.all([run, drainJobs(handlers)]);
    expect(await keys()).toEqual(['first', 'second']);
  });

  it('queues keyed work once while it waits, and frees the key once it has run', async () => {
    const first = await enqueueJob('test.write', { key: 'digest-1' }, { key: 'digest:ana', delaySeconds: 60 });
    expect(first).not.toBeNull();
    expect(await enqueueJob('test.write', { key: 'digest-2' }, { key: 'digest:ana', delaySeconds: 60 })).toBeNull();
    expect(await jobRows()).toHaveLength(1);
    await db()
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` });
    expect(await runDueJobs({ 'test.write': writeKey })).toBe(1);
    expect(await keys()).toEqual(['digest-1']);
    expect(await enqueueJob('test.write', { key: 'digest-3' }, { key: 'digest:ana' })).not.toBeNull();
  });

  it('runs scheduled work at its time, and a cancelled one never', async () => {
    await enqueueJob('test.write', { key: 'later' }, { runAt: new Date(Date.now() + 3_600_000), key: 'publish:1' });
    await enqueueJob('test.write', { key: 'cancelled' }, { runAt: new Date(Date.now() - 1000), key: 'publish:2' });
    expect(await cancelJob('publish:2')).toBe(true);
    expect(await cancelJob('publish:2')).toBe(false);
    expect(await runDueJobs({ 'test.write': writeKey })).toBe(0);
    expect((await jobRows()).map((j) => j.key)).toEqual(['publish:1']);
  });

  it('a kick without handlers runs the registered ones, after the current turn of the event loop', async () => {
    registerJobHandlers({ 'test.write': writeKey });
    try {
      await enqueueJob('test.write', { key: 'kicked' });
      kickJobs();
      expect(await keys()).toEqual([]);
      await expect.poll(keys).toEqual(['kicked']);
    } finally {
      registerJobHandlers(undefined);
    }
  });

  it('backs off exponentially, capped at an hour, with jitter', () => {
    expect(retryDelaySeconds(1, () => 0.5)).toBe(5);
    expect(retryDelaySeconds(2, () => 0.5)).toBe(10);
    expect(retryDelaySeconds(5, () => 0.5)).toBe(80);
    expect(retryDelaySeconds(30, () => 0.5)).toBe(3600);
    expect(retryDelaySeconds(1, () => 0)).toBe(4);
    expect(retryDelaySeconds(1, () => 1)).toBe(6);
  });
});

/**
 * A small durable job queue in the database (table `jobs`), shared by every app instance.
 *
 * - `enqueueJob` writes one row, inside the caller's transaction when given one, so the job
 *   commits (or not) with the change that asked for it.
 * - `runDueJobs` claims one due job at a time with `FOR UPDATE SKIP LOCKED` and a lease (its
 *   `run_at` moves past the lease), then runs the handler in a transaction that first deletes the
 *   row: the handler's writes and the job's completion commit together, and two instances never
 *   run one job at once. A failure rolls the handler back and schedules a retry with exponential
 *   backoff and jitter; after `max_attempts` the row stays, marked by its attempts and last error.
 * - A process that dies mid-job loses nothing: the lease ends and any instance takes the job again
 *   (handlers must therefore be safe to run again after a crash before their commit).
 *
 * This module knows no feature: the caller passes the handlers as a map `kind → handler`, and a
 * runner only claims the kinds it has handlers for. Features kick a run right after they enqueue
 * (`kickJobs`); the server entry also sweeps periodically, for retries and after a crash.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ZodType } from 'zod';
import { backgroundWorkStopped, trackBackgroundWork } from '@/server/background-work';
import { db, queryRows, type DbOrTx, type Tx } from '@/server/db/client';
import { jobs } from '@/server/db/schema';
import { logger } from '@/server/log';

export interface JobContext {
  /** The transaction the job's completion commits in; write through it. */
  tx: Tx;
  job: { id: number; kind: string; attempt: number };
  /** Runs after the commit (e.g. kick email delivery for emails the job queued). */
  afterCommit(fn: () => void): void;
}

export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** A handler whose payload is checked by a zod schema first (stored JSON may predate a change). */
export function jobHandler<T>(schema: ZodType<T>, run: (payload: T, ctx: JobContext) => Promise<void>): JobHandler {
  return (payload, ctx) => run(schema.parse(payload), ctx);
}

/** How long a claimed job is left to its runner before another instance may take it. */
export const JOB_LEASE_SECONDS = 5 * 60;
const DEFAULT_MAX_ATTEMPTS = 8;

/** Seconds before retry number `attempt` (1-based): 5 s, 10 s, 20 s… at most an hour, ±20 % jitter. */
export function retryDelaySeconds(attempt: number, random = Math.random): number {
  const base = Math.min(3600, 5 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface EnqueueOptions {
  /** The transaction to enqueue in; the job then commits with it (call kickJobs after the commit). */
  tx?: DbOrTx;
  /** Not before this many seconds from now. */
  delaySeconds?: number;
  /** Not before this time (scheduled work, e.g. publishing a changelog entry). */
  runAt?: Date;
  maxAttempts?: number;
  /**
   * Queue this work once: while a job with this key waits, enqueueing another is a no-op (the
   * answer is then null). The key is free again once the job has run.
   */
  key?: string;
}

/** Adds a job; returns its id, or null when a job with the same key is already waiting. */
export async function enqueueJob(kind: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<number | null> {
  const runAt = opts.runAt
    ? { runAt: opts.runAt }
    : opts.delaySeconds
      ? { runAt: sql`now() + make_interval(secs => ${opts.delaySeconds})` }
      : {};
  const insert = (opts.tx ?? db())
    .insert(jobs)
    .values({ kind, payload, maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, key: opts.key ?? null, ...runAt });
  const rows = await (opts.key
    ? insert.onConflictDoNothing({ target: jobs.key, where: sql`${jobs.key} is not null` }).returning({ id: jobs.id })
    : insert.returning({ id: jobs.id }));
  return rows[0]?.id ?? null;
}

/**
 * Adds many keyed jobs of one kind in a few statements (a fan-out's digests): like `enqueueJob`
 * with `key` for each, a key already waiting is left as it is.
 */
export async function enqueueKeyedJobs(
  kind: string,
  items: readonly { key: string; payload: Record<string, unknown> }[],
  opts: Pick<EnqueueOptions, 'tx' | 'delaySeconds' | 'maxAttempts'> = {},
): Promise<void> {
  const runAt = opts.delaySeconds ? { runAt: sql`now() + make_interval(secs => ${opts.delaySeconds})` } : {};
  for (let i = 0; i < items.length; i += 1000) {
    await (opts.tx ?? db())
      .insert(jobs)
      .values(
        items
          .slice(i, i + 1000)
          .map((it) => ({ kind, payload: it.payload, key: it.key, maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, ...runAt })),
      )
      .onConflictDoNothing({ target: jobs.key, where: sql`${jobs.key} is not null` });
  }
}

/** Withdraws the waiting job with this key (a rescheduled or cancelled publication); returns whether there was one. */
export async function cancelJob(key: string, tx?: DbOrTx): Promise<boolean> {
  const rows = await (tx ?? db()).delete(jobs).where(eq(jobs.key, key)).returning({ id: jobs.id });
  return rows.length > 0;
}

interface ClaimedJob extends Record<string, unknown> {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

/** Takes the next due job of these kinds for this runner (one short statement), or none. */
async function claimJob(kinds: string[]): Promise<ClaimedJob | undefined> {
  const rows = await queryRows<ClaimedJob>(sql`
    update jobs set attempts = attempts + 1, run_at = now() + make_interval(secs => ${JOB_LEASE_SECONDS})
    where id = (
      select id from jobs
      where ${inArray(jobs.kind, kinds)} and attempts < max_attempts and run_at <= now()
      order by run_at, id limit 1 for update skip locked)
    returning id, kind, payload, attempts, max_attempts`);
  const row = rows[0];
  return row ? { ...row, id: Number(row.id), attempts: Number(row.attempts), max_attempts: Number(row.max_attempts) } : undefined;
}

async function runJob(job: ClaimedJob, handler: JobHandler): Promise<void> {
  const afterCommit: (() => void)[] = [];
  try {
    await db().transaction(async (tx) => {
      // Completing the job is the first write: it locks the row, and finds it gone (or claimed
      // again) only when the lease ran out and another runner took over.
      const owned = await tx
        .delete(jobs)
        .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts)))
        .returning({ id: jobs.id });
      if (owned.length === 0) return;
      await handler(job.payload, {
        tx,
        job: { id: job.id, kind: job.kind, attempt: job.attempts },
        afterCommit: (fn) => afterCommit.push(fn),
      });
    });
  } catch (err) {
    const final = job.attempts >= job.max_attempts;
    await db()
      .update(jobs)
      .set({
        lastError: String((err as Error)?.message ?? err).slice(0, 500),
        runAt: sql`now() + make_interval(secs => ${retryDelaySeconds(job.attempts)})`,
      })
      .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts)));
    logger()[final ? 'error' : 'warn'](
      { err, jobId: job.id, kind: job.kind, attempts: job.attempts },
      final ? 'job failed for good' : 'job failed; will retry',
    );
    return;
  }
  for (const fn of afterCommit) fn();
}

/**
 * Runs due jobs of the handled kinds one at a time until none is due, or until the server starts
 * shutting down (the job in hand is finished, no other is claimed); returns how many ran.
 */
export async function runDueJobs(handlers: JobHandlers, opts: { max?: number } = {}): Promise<number> {
  const kinds = Object.keys(handlers);
  if (kinds.length === 0) return 0;
  let ran = 0;
  while (ran < (opts.max ?? Infinity) && !backgroundWorkStopped()) {
    const job = await claimJob(kinds);
    if (!job) break;
    await runJob(job, handlers[job.kind]!);
    ran++;
    // Let requests in between jobs: embedded PGlite answers on this thread, and a run of thousands
    // of jobs (a notification fan-out's digests) must not hold every request until it ends.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return ran;
}

/** One run at a time per handler map in this process; a kick during a run makes it go round again. */
const runs = new WeakMap<JobHandlers, { running?: Promise<void>; again: boolean }>();

/**
 * Runs due jobs now (or joins the run in progress, which then looks once more). The shutdown waits
 * for the run (src/server/background-work.ts); once it has started, nothing runs.
 */
export function drainJobs(handlers: JobHandlers): Promise<void> {
  if (backgroundWorkStopped()) return Promise.resolve();
  let state = runs.get(handlers);
  if (!state) runs.set(handlers, (state = { again: false }));
  const s = state;
  if (s.running) {
    s.again = true;
    return s.running;
  }
  s.running = trackBackgroundWork(
    (async () => {
      try {
        do {
          s.again = false;
          await runDueJobs(handlers);
        } while (s.again);
      } finally {
        s.running = undefined;
      }
    })(),
  );
  return s.running;
}

/**
 * Every feature's handlers, as the server entry wires them (src/composition/background.ts via
 * src/server/main.ts). Kept on globalThis because the server entry and the Next.js bundle load
 * this module separately: a request's kick then runs every kind, not just its own feature's.
 */
const REGISTRY = Symbol.for('chorus.job-handlers');
type WithRegistry = typeof globalThis & { [REGISTRY]?: JobHandlers };

export function registerJobHandlers(handlers: JobHandlers | undefined): void {
  (globalThis as WithRegistry)[REGISTRY] = handlers;
}

export function registeredJobHandlers(): JobHandlers | undefined {
  return (globalThis as WithRegistry)[REGISTRY];
}

/**
 * Starts a run once the current request has answered (its response is written before the
 * event loop reaches `setImmediate`), so the answer never waits for the work. Without a map it
 * runs the registered handlers (none registered, as in a bare test process: the periodic sweep
 * or the test's own runner takes the jobs).
 */
export function kickJobs(handlers?: JobHandlers): void {
  const map = handlers ?? registeredJobHandlers();
  if (!map) return;
  setImmediate(() => void drainJobs(map).catch((err: unknown) => logger().error({ err }, 'job run failed')));
}

/**
 * How much background work is behind, for the status page: jobs due now and not yet taken, and
 * jobs that gave up after their last attempt (left for an operator). One indexed count.
 */
export async function jobBacklog(): Promise<{ waiting: number; failed: number }> {
  const [row] = await queryRows<{ waiting: number; failed: number }>(sql`
    select count(*) filter (where ${jobs.attempts} < ${jobs.maxAttempts} and ${jobs.runAt} <= now())::int as waiting,
           count(*) filter (where ${jobs.attempts} >= ${jobs.maxAttempts})::int as failed
    from ${jobs}`);
  return { waiting: Number(row?.waiting ?? 0), failed: Number(row?.failed ?? 0) };
}

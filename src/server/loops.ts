/**
 * The server's background loops, as one table: what runs, how often, and how long after the start
 * it first runs. Any instance may run any of them: the work they do is claimed in the database
 * (jobs, emails, webhook deliveries) or harmless to repeat (pruning), so several instances on one
 * PostgreSQL never do the same piece twice (docs/architecture.md, "Background work").
 *
 * `startLoops` starts the table's timers (unref'd, so they never keep the process alive) and
 * returns the function that stops them all; shutdown calls it before it waits for the runs in
 * progress. A run a loop starts is tracked (src/server/background-work.ts) unless the loop says it
 * tracks itself, so that shutdown waits for it before the database closes; a run's failure is
 * logged at the loop's level and never stops the loop.
 */
import type { Logger } from 'pino';
import { trackBackgroundWork } from './background-work';

export interface BackgroundLoop {
  /** Names the loop in the log line of a failed run. */
  name: string;
  run: () => Promise<unknown>;
  /** Runs again this often; absent: runs once, `firstAfterMs` after the start. */
  everyMs?: number;
  /** The first run, this long after the start; absent: after one `everyMs`. */
  firstAfterMs?: number;
  /** How a failed run is logged: 'error' (default), 'warn', or not at all. */
  onError?: 'error' | 'warn' | 'ignore';
  /** The run tracks its own work (email and webhook deliveries, job runs): not tracked again here. */
  tracksItself?: boolean;
}

/** Timer functions, replaceable in tests. */
export interface LoopTimers {
  setInterval: (work: () => void, ms: number) => { unref(): unknown };
  setTimeout: (work: () => void, ms: number) => { unref(): unknown };
  clear: (timer: { unref(): unknown }) => void;
}

const NODE_TIMERS: LoopTimers = {
  setInterval: (work, ms) => setInterval(work, ms),
  setTimeout: (work, ms) => setTimeout(work, ms),
  clear: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

/** Runs one loop's work once, tracked and with its failure logged (also what the timers call). */
export function runLoopOnce(loop: BackgroundLoop, log: Pick<Logger, 'error' | 'warn'>): Promise<void> {
  const run = (async () => loop.run())();
  const tracked = loop.tracksItself ? run : trackBackgroundWork(run);
  return tracked.then(
    () => undefined,
    (err: unknown) => {
      const level = loop.onError ?? 'error';
      if (level !== 'ignore') log[level]({ err }, `${loop.name} failed`);
    },
  );
}

/** Starts every loop of the table; returns the function that stops them all. */
export function startLoops(loops: readonly BackgroundLoop[], log: Pick<Logger, 'error' | 'warn'>, timers = NODE_TIMERS): () => void {
  const started: { unref(): unknown }[] = [];
  const keep = (timer: { unref(): unknown }) => {
    timer.unref();
    started.push(timer);
  };
  for (const loop of loops) {
    const once = () => void runLoopOnce(loop, log);
    if (loop.firstAfterMs !== undefined) keep(timers.setTimeout(once, loop.firstAfterMs));
    if (loop.everyMs !== undefined) keep(timers.setInterval(once, loop.everyMs));
  }
  return () => {
    for (const timer of started) timers.clear(timer);
    started.length = 0;
  };
}

/**
 * The process's background work (job runs, email and webhook deliveries, housekeeping), as the
 * shutdown sees it: each run is tracked while it lasts, and once shutdown starts no runner claims
 * anything new (src/server/shutdown.ts, docs/operations.md "Shutdown").
 *
 * Kept on globalThis because the server entry and the Next.js bundle load this module separately:
 * a run a request kicks must be seen by the shutdown the server entry starts.
 */

interface WorkState {
  stopping: boolean;
  running: Set<Promise<unknown>>;
}

const KEY = Symbol.for('chorus.background-work');
type WithWork = typeof globalThis & { [KEY]?: WorkState };

function state(): WorkState {
  return ((globalThis as WithWork)[KEY] ??= { stopping: false, running: new Set() });
}

/** True once shutdown has started: runners claim nothing more (what they have claimed, they finish). */
export function backgroundWorkStopped(): boolean {
  return state().stopping;
}

/** Tracks a run until it settles, so that the shutdown waits for it before closing the database. */
export function trackBackgroundWork<T>(run: Promise<T>): Promise<T> {
  const { running } = state();
  running.add(run);
  const forget = () => void running.delete(run);
  run.then(forget, forget);
  return run;
}

/**
 * Stops claiming, then waits until every tracked run has settled or `deadlineMs` has passed;
 * answers how many runs were still going at the deadline (0: all finished).
 */
export async function stopBackgroundWork(deadlineMs: number): Promise<number> {
  const s = state();
  s.stopping = true;
  const deadline = Date.now() + deadlineMs;
  // A run may start another as it ends (a job's completion kicks email delivery): look again until none is left.
  while (s.running.size > 0) {
    const left = deadline - Date.now();
    if (left <= 0) return s.running.size;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, left)));
    await Promise.race([Promise.allSettled([...s.running]), timeout]);
    clearTimeout(timer);
  }
  return 0;
}

/** Tests only: claiming allowed again, as in a process that never stopped. */
export function resumeBackgroundWorkForTests(): void {
  state().stopping = false;
}

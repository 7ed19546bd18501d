/**
 * Memory back after a burst of traffic. V8 grows its heaps under load and, in a server that then
 * goes quiet, may not collect again for a long while: the garbage of the burst kept the process
 * over 100 MB above its idle size. So once requests have stopped for a while after some traffic,
 * this collects garbage once, here and in the embedded database's worker thread (which returns
 * the memory to the system); a full collection of these heaps takes tens of milliseconds.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

const QUIET_MS = 10_000;
const CHECK_MS = 5_000;

/** V8's collector, made callable without starting Node with --expose-gc. */
export function exposedGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * Starts watching; returns the function to call on every request. `alsoCollect` runs beside the
 * collection here (the database worker's own).
 */
export function collectWhenQuiet(alsoCollect: () => void): { activity: () => void; stop: () => void } {
  const gc = exposedGc();
  let last = 0;
  let busy = false;
  const timer = setInterval(() => {
    if (!busy || Date.now() - last < QUIET_MS) return;
    busy = false;
    gc();
    alsoCollect();
  }, CHECK_MS);
  timer.unref();
  return {
    activity: () => {
      last = Date.now();
      busy = true;
    },
    stop: () => clearInterval(timer),
  };
}

import { describe, expect, it } from 'vitest';
import { runLoopOnce, startLoops, type BackgroundLoop, type LoopTimers } from './loops';

/** Timers that only record what was asked of them. */
function recordingTimers() {
  const made: { kind: 'every' | 'after'; ms: number; work: () => void; cleared: boolean; unref(): unknown }[] = [];
  const timers: LoopTimers = {
    setInterval: (work, ms) => {
      const t = { kind: 'every' as const, ms, work, cleared: false, unref: () => t };
      made.push(t);
      return t;
    },
    setTimeout: (work, ms) => {
      const t = { kind: 'after' as const, ms, work, cleared: false, unref: () => t };
      made.push(t);
      return t;
    },
    clear: (timer) => void ((timer as (typeof made)[number]).cleared = true),
  };
  return { made, timers };
}

function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  return {
    lines,
    log: {
      error: (_obj: unknown, msg: string) => void lines.push({ level: 'error', msg }),
      warn: (_obj: unknown, msg: string) => void lines.push({ level: 'warn', msg }),
    } as unknown as Parameters<typeof startLoops>[1],
  };
}

describe('startLoops: the table of background loops', () => {
  it('schedules each loop as the table says, and stops every timer', () => {
    const { made, timers } = recordingTimers();
    const { log } = recordingLog();
    const run = async () => undefined;
    const stop = startLoops(
      [
        { name: 'often', run, everyMs: 1000 },
        { name: 'once later', run, firstAfterMs: 3000 },
        { name: 'both', run, everyMs: 60_000, firstAfterMs: 20_000 },
      ],
      log,
      timers,
    );
    expect(made.map((t) => [t.kind, t.ms])).toEqual([
      ['every', 1000],
      ['after', 3000],
      ['after', 20_000],
      ['every', 60_000],
    ]);
    stop();
    expect(made.every((t) => t.cleared)).toBe(true);
  });

  it('a failed run is logged at its loop level (or not at all) and the loop keeps its timer', async () => {
    const { lines, log } = recordingLog();
    const failing = (onError?: BackgroundLoop['onError']): BackgroundLoop => ({
      name: `loop ${onError ?? 'default'}`,
      run: () => Promise.reject(new Error('boom')),
      onError,
    });
    await runLoopOnce(failing(), log);
    await runLoopOnce(failing('warn'), log);
    await runLoopOnce(failing('ignore'), log);
    // A run that throws before returning a promise is caught the same way.
    await runLoopOnce(
      {
        name: 'sync throw',
        run: () => {
          throw new Error('at once');
        },
      },
      log,
    );
    expect(lines).toEqual([
      { level: 'error', msg: 'loop default failed' },
      { level: 'warn', msg: 'loop warn failed' },
      { level: 'error', msg: 'sync throw failed' },
    ]);
  });

  it('runs the work each time its timer fires', async () => {
    const { made, timers } = recordingTimers();
    const { log } = recordingLog();
    let runs = 0;
    startLoops([{ name: 'count', run: async () => void (runs += 1), everyMs: 10 }], log, timers);
    made[0]!.work();
    made[0]!.work();
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toBe(2);
  });
});

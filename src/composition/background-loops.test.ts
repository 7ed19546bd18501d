import { describe, expect, it } from 'vitest';
import { backgroundLoops } from './background';

describe('backgroundLoops: the server entry starts exactly this table', () => {
  it('names each loop once, and each runs at least once', () => {
    const loops = backgroundLoops();
    const names = loops.map((l) => l.name);
    expect(new Set(names).size).toBe(names.length);
    for (const loop of loops) expect(loop.everyMs ?? loop.firstAfterMs, loop.name).toBeGreaterThan(0);
  });

  it('waits before the first runs that read much, so the first requests after a start go first', () => {
    const byName = new Map(backgroundLoops().map((l) => [l.name, l]));
    expect(byName.get('trending refresh')?.firstAfterMs).toBe(60_000);
    expect(byName.get('table upkeep')?.firstAfterMs).toBe(20_000);
    // The work a stopped instance left due is picked up soon after a start.
    for (const name of ['email delivery', 'webhook delivery', 'scheduling background work']) {
      expect(byName.get(name)?.firstAfterMs, name).toBe(3_000);
    }
  });
});

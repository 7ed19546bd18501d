import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenQuiet } from './idle-gc';

afterEach(() => vi.useRealTimers());

describe('collecting garbage when the server goes quiet', () => {
  it('collects once after traffic stops, never while requests come, and not again until there is more traffic', () => {
    vi.useFakeTimers();
    const collected: number[] = [];
    const watch = collectWhenQuiet(() => collected.push(Date.now()));
    vi.advanceTimersByTime(30_000);
    expect(collected).toHaveLength(0); // no traffic yet: nothing to give back
    for (let i = 0; i < 12; i++) {
      watch.activity();
      vi.advanceTimersByTime(2_000); // a request every 2 s for 24 s
    }
    expect(collected).toHaveLength(0);
    vi.advanceTimersByTime(15_000);
    expect(collected).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(collected).toHaveLength(1);
    watch.activity();
    vi.advanceTimersByTime(15_000);
    expect(collected).toHaveLength(2);
    watch.stop();
  });
});

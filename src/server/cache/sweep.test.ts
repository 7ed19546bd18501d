import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeSeq, recordWholeChange } from './changes';
import { Copies, dropExpired } from './sweep';

afterEach(() => vi.useRealTimers());

describe('kept copies', () => {
  it('are current only until a change and while young, and are bounded by count and by size', () => {
    vi.useFakeTimers();
    const copies = new Copies<{ body: string; bytes: number; generation: number; at: number }>(
      'test-copies',
      { entries: 3, bytes: 100 },
      () => 1000,
    );
    const copy = (body: string) => ({ body, bytes: body.length * 2, generation: changeSeq(), at: Date.now() });
    copies.set('a', copy('aaaa'));
    copies.set('b', copy('bbbb'));
    copies.set('c', copy('cccc'));
    copies.set('d', copy('dddd')); // a fourth pushes out the oldest
    expect(copies.current('a')).toBeUndefined();
    expect(copies.current('d')?.body).toBe('dddd');
    copies.set('big', copy('x'.repeat(47))); // 94 bytes: b, c and d (8 bytes each) must go
    expect(['b', 'c', 'd'].map((k) => copies.current(k))).toEqual([undefined, undefined, undefined]);
    expect(copies.current('big')).toBeDefined();
    copies.set('huge', copy('x'.repeat(51))); // over the whole budget: not kept, nothing pushed out
    expect(copies.current('huge')).toBeUndefined();
    expect(copies.current('big')).toBeDefined();
    vi.advanceTimersByTime(1000);
    expect(copies.current('big')).toBeUndefined();
    copies.set('e', copy('eeee'));
    expect(copies.current('e')).toBeDefined();
    recordWholeChange();
    expect(copies.current('e')).toBeUndefined();
  });

  it('expired entries are dropped by the sweep, not only skipped', () => {
    vi.useFakeTimers();
    const before = changeSeq();
    recordWholeChange();
    const now = changeSeq();
    const entries = new Map([
      ['old', { generation: now, at: Date.now() - 2000 }],
      ['stale', { generation: before, at: Date.now() }],
      ['fresh', { generation: now, at: Date.now() }],
    ]);
    const dropped: string[] = [];
    dropExpired(entries, 1000, () => dropped.push('x'));
    expect([...entries.keys()]).toEqual(['fresh']);
    expect(dropped).toHaveLength(2);
  });
});

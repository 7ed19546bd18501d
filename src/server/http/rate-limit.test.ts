import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { db, queryRows } from '@/server/db/client';
import { useTestDatabase } from '@/test/db';
import { consumeRateLimit, pruneRateLimits, type RateLimitRule } from './rate-limit';

useTestDatabase();

const rule = (limit: number, windowSeconds = 60): RateLimitRule => ({ name: `t-${randomUUID()}`, limit, windowSeconds });

/** Simulates time passing for one bucket by moving its window start into the past. */
async function elapse(r: RateLimitRule, subject: string, seconds: number): Promise<void> {
  await db().execute(
    sql`update rate_limits set window_start = window_start - make_interval(secs => ${seconds}) where key = ${`${r.name}:${subject}`}`,
  );
}

async function stored(r: RateLimitRule, subject: string) {
  const rows = await queryRows<{ count: number }>(sql`select count from rate_limits where key = ${`${r.name}:${subject}`}`);
  return rows.map((row) => Number(row.count));
}

describe('consumeRateLimit', () => {
  it('allows `limit` hits in a window, then refuses with the seconds left', async () => {
    const r = rule(3, 60);
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await consumeRateLimit(r, 'ip:1.2.3.4'));
    expect(results.map((x) => x.allowed)).toEqual([true, true, true, false, false]);
    expect(results.map((x) => x.remaining)).toEqual([2, 1, 0, 0, 0]);
    for (const x of results) {
      expect(x.retryAfter).toBeGreaterThan(50);
      expect(x.retryAfter).toBeLessThanOrEqual(60);
    }
    expect(await stored(r, 'ip:1.2.3.4')).toEqual([5]);
  });

  it('counts each subject and each rule separately', async () => {
    const a = rule(1);
    const b = rule(1);
    expect((await consumeRateLimit(a, 'ip:1.1.1.1')).allowed).toBe(true);
    expect((await consumeRateLimit(a, 'ip:1.1.1.1')).allowed).toBe(false);
    expect((await consumeRateLimit(a, 'ip:2.2.2.2')).allowed).toBe(true);
    expect((await consumeRateLimit(b, 'ip:1.1.1.1')).allowed).toBe(true);
  });

  it('keeps counting until the window has fully passed, then starts a new one', async () => {
    const r = rule(2, 60);
    await consumeRateLimit(r, 's');
    await consumeRateLimit(r, 's');
    expect((await consumeRateLimit(r, 's')).allowed).toBe(false);

    await elapse(r, 's', 50);
    const late = await consumeRateLimit(r, 's');
    expect(late.allowed).toBe(false);
    expect(late.retryAfter).toBeLessThanOrEqual(10);
    expect(late.retryAfter).toBeGreaterThan(5);

    await elapse(r, 's', 10);
    const fresh = await consumeRateLimit(r, 's');
    expect(fresh).toEqual({ allowed: true, remaining: 1, retryAfter: 60 });
    expect(await stored(r, 's')).toEqual([1]);
  });

  it('lets exactly `limit` of many concurrent hits through', async () => {
    const r = rule(20, 60);
    const results = await Promise.all(Array.from({ length: 50 }, () => consumeRateLimit(r, 'ip:9.9.9.9')));
    expect(results.filter((x) => x.allowed)).toHaveLength(20);
    expect(await stored(r, 'ip:9.9.9.9')).toEqual([50]);
  });

  it('behaves like a fixed-window counter for any sequence of hits and pauses', async () => {
    // Pauses are whole multiples of TICK seconds, so the real time the test itself takes (well
    // under TICK, even on a loaded machine) never moves a hit across a window boundary.
    const TICK = 10;
    const window = 60 * TICK;
    type Step = { hit: true } | { hit: false; seconds: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      { weight: 3, arbitrary: fc.constant({ hit: true as const }) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 120 }).map((ticks) => ({ hit: false as const, seconds: ticks * TICK })) },
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 5 }), fc.array(step, { minLength: 1, maxLength: 25 }), async (limit, steps) => {
        const r = rule(limit, window);
        // The model: seconds since the window opened (undefined before the first hit) and its count.
        let elapsed: number | undefined;
        let count = 0;
        for (const s of steps) {
          if (!s.hit) {
            if (elapsed !== undefined) {
              elapsed += s.seconds;
              await elapse(r, 'm', s.seconds);
            }
            continue;
          }
          if (elapsed === undefined || elapsed >= window) {
            elapsed = 0;
            count = 0;
          }
          count += 1;
          const got = await consumeRateLimit(r, 'm');
          expect({ allowed: got.allowed, remaining: got.remaining }).toEqual({
            allowed: count <= limit,
            remaining: Math.max(0, limit - count),
          });
          expect(got.retryAfter).toBeLessThanOrEqual(window - elapsed);
          expect(got.retryAfter).toBeGreaterThan(window - elapsed - TICK);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('pruneRateLimits', () => {
  it('drops windows older than a day and keeps the rest', async () => {
    const old = rule(5);
    const recent = rule(5);
    await consumeRateLimit(old, 's');
    await consumeRateLimit(recent, 's');
    await elapse(old, 's', 24 * 3600 + 1);
    await elapse(recent, 's', 23 * 3600);
    await pruneRateLimits();
    expect(await stored(old, 's')).toEqual([]);
    expect(await stored(recent, 's')).toEqual([1]);
  });
});

import { describe, expect, it } from 'vitest';
import { isTransientConflict, retryingConflicts } from './retry';

/** As Drizzle reports a failed query: its own error, with the driver's error (and its SQLSTATE) as the cause. */
const failedQuery = (code: string) =>
  new Error('Failed query: select …', { cause: Object.assign(new Error('deadlock detected'), { code }) });

describe('retrying transactions PostgreSQL ended for a conflict', () => {
  it('knows a deadlock and a serialization failure, also as the cause of a failed query, and nothing else', () => {
    expect(isTransientConflict(failedQuery('40P01'))).toBe(true);
    expect(isTransientConflict(failedQuery('40001'))).toBe(true);
    expect(isTransientConflict(failedQuery('23505'))).toBe(false);
    expect(isTransientConflict(new Error('no code'))).toBe(false);
    expect(isTransientConflict('40P01')).toBe(false);
  });

  it('runs the work again after a deadlock, and answers what the run that went through answered', async () => {
    let runs = 0;
    const answer = await retryingConflicts(async () => {
      runs += 1;
      if (runs < 3) throw failedQuery('40P01');
      return 'counted';
    });
    expect({ answer, runs }).toEqual({ answer: 'counted', runs: 3 });
  });

  it('gives up after its attempts, and never retries another error', async () => {
    let runs = 0;
    await expect(
      retryingConflicts(async () => {
        runs += 1;
        throw failedQuery('40001');
      }, 3),
    ).rejects.toThrow('Failed query');
    expect(runs).toBe(3);
    runs = 0;
    await expect(
      retryingConflicts(async () => {
        runs += 1;
        throw failedQuery('23505');
      }),
    ).rejects.toThrow('Failed query');
    expect(runs).toBe(1);
  });
});

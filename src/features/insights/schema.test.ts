import { describe, expect, it } from 'vitest';
import { insightsQuery, periodErrorKey } from './schema';

/** As the page's loader does: the first refusal of each field, as its key. */
const keysOf = (query: Record<string, string>) => {
  const parsed = insightsQuery.safeParse(query);
  const keys: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) keys[String(issue.path[0])] ??= periodErrorKey(issue.message);
  return Object.entries(keys);
};

describe('a refused period, as the page’s keys (teamSetup.periodErrors)', () => {
  it('names each refusal, so the page says it in the reader’s language', () => {
    expect(keysOf({ period: 'custom' })).toEqual([
      ['from', 'fromMissing'],
      ['to', 'toMissing'],
    ]);
    expect(keysOf({ period: 'custom', from: '2026-02-10', to: '2026-02-01' })).toEqual([['to', 'endBeforeStart']]);
    expect(keysOf({ period: 'custom', from: '2020-01-01', to: '2026-01-01' })).toEqual([['to', 'tooLong']]);
    expect(keysOf({ period: 'custom', from: '31/01/2026', to: '2026-02-30' })).toEqual([
      ['from', 'badDate'],
      ['to', 'notDate'],
    ]);
    // A period not in the list (a hand-written address) gets the general key.
    expect(keysOf({ period: 'forever' })).toEqual([['period', 'period']]);
  });
});

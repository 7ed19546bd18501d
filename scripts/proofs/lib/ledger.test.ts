/** The crash proof's judgement of what a vote may be after a kill, and of what an answer means. */
import { describe, expect, it } from 'vitest';
import { allowedVoteStates, Ledger, outcomeOf, type Outcome } from './ledger';

const t = (voted: boolean, outcome: Outcome) => ({ voted, outcome });

describe('outcomeOf', () => {
  it.each([
    [200, 'acked'],
    [201, 'acked'],
    [204, 'acked'],
    [401, 'refused'],
    [409, 'refused'],
    [500, 'unknown'],
    [undefined, 'unknown'],
  ] as const)('%s is %s', (status, outcome) => expect(outcomeOf(status)).toBe(outcome));
});

describe('allowedVoteStates', () => {
  it('is absent before anything was acknowledged', () => {
    expect([...allowedVoteStates([])]).toEqual([false]);
    expect([...allowedVoteStates([t(true, 'refused')])]).toEqual([false]);
  });

  it('is the last acknowledged toggle', () => {
    expect([...allowedVoteStates([t(true, 'acked')])]).toEqual([true]);
    expect([...allowedVoteStates([t(true, 'acked'), t(false, 'acked')])]).toEqual([false]);
    expect([...allowedVoteStates([t(true, 'acked'), t(false, 'refused')])]).toEqual([true]);
  });

  it('also allows an unanswered toggle after the last acknowledged one', () => {
    expect([...allowedVoteStates([t(true, 'acked'), t(false, 'unknown')])].sort()).toEqual([false, true]);
    expect([...allowedVoteStates([t(true, 'unknown')])].sort()).toEqual([false, true]);
  });

  it('forgets an unanswered toggle once a later one is acknowledged', () => {
    expect([...allowedVoteStates([t(true, 'unknown'), t(false, 'acked')])]).toEqual([false]);
    expect([...allowedVoteStates([t(false, 'unknown'), t(true, 'acked'), t(false, 'acked')])]).toEqual([false]);
  });
});

describe('Ledger', () => {
  it('groups toggles by person and post, in order, and counts outcomes', () => {
    const ledger = new Ledger();
    ledger.record({ kind: 'vote', userId: 'a', postNumber: 1, voted: true, outcome: 'acked' });
    ledger.record({ kind: 'vote', userId: 'b', postNumber: 1, voted: true, outcome: 'unknown' });
    ledger.record({ kind: 'vote', userId: 'a', postNumber: 1, voted: false, outcome: 'acked' });
    ledger.record({ kind: 'post', userId: 'a', marker: 'm', boardSlug: 'b', outcome: 'acked', number: 3 });
    const pairs = ledger.votePairs().map((p) => ({ ...p, allowed: [...p.allowed].sort() }));
    expect(pairs).toEqual([
      { userId: 'a', postNumber: 1, allowed: [false], acked: true },
      { userId: 'b', postNumber: 1, allowed: [false, true], acked: false },
    ]);
    expect(ledger.counts().vote).toEqual({ acked: 2, refused: 0, unknown: 1 });
    expect(ledger.counts().post).toEqual({ acked: 1, refused: 0, unknown: 0 });
  });
});

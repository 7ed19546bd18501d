import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/db';
import { VISITOR, type Actor } from '@/server/identity/actor';
import { isCurrent } from './changes';
import { bumpContentGeneration, keptFor, contentGeneration, hearAnnouncement, keepsSharedCopies, readFreshly } from './visitor-cache';

const testDb = useTestDatabase();
const member: Actor = {
  kind: 'user',
  id: '00000000-0000-4000-8000-000000000001',
  role: 'member',
  displayName: 'M',
  email: 'm@example.test',
  emailVerified: true,
  avatarUrl: null,
  sessionHash: 'x',
};

function counter() {
  let calls = 0;
  return { compute: async () => ++calls, calls: () => calls };
}

describe('keptFor', () => {
  it('on embedded PGlite remembers a visitor answer until the content generation changes; on PostgreSQL only when configured (off in tests)', async () => {
    expect(testDb.handle.exclusive).toBe(testDb.driver === 'pglite');
    const c = counter();
    const key = `k-${Math.random()}`;
    expect(await keptFor(VISITOR, key, c.compute)).toBe(1);
    const second = await keptFor(VISITOR, key, c.compute);
    if (testDb.handle.exclusive) {
      expect(second).toBe(1);
      bumpContentGeneration();
      expect(await keptFor(VISITOR, key, c.compute)).toBe(2);
    } else {
      expect(second).toBe(2);
    }
  });

  it('never caches for signed-in people', async () => {
    const c = counter();
    await keptFor(member, 'same', c.compute);
    await keptFor(member, 'same', c.compute);
    expect(c.calls()).toBe(2);
  });

  it('does not keep an answer computed while a write committed', async () => {
    const key = `race-${Math.random()}`;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = keptFor(VISITOR, key, async () => {
      await gate;
      return 'stale';
    });
    bumpContentGeneration();
    release();
    expect(await slow).toBe('stale');
    expect(await keptFor(VISITOR, key, async () => 'fresh')).toBe('fresh');
  });
});

describe('readFreshly: a request whose browser has just written reads no copy', () => {
  it('computes anew inside it, for visitors and for shared answers, and keeps serving copies outside it', async () => {
    const visitor = counter();
    const shared = counter();
    const key = `fresh-${Math.random()}`;
    await keptFor(VISITOR, key, visitor.compute);
    await keptFor('anyone', key, shared.compute);
    await readFreshly(async () => {
      expect(keepsSharedCopies()).toBe(false);
      await keptFor(VISITOR, key, visitor.compute);
      await keptFor('anyone', key, shared.compute);
    });
    expect([visitor.calls(), shared.calls()]).toEqual([2, 2]);
    // Outside the scope, copies are kept where this instance keeps any (embedded PGlite in tests).
    expect(keepsSharedCopies()).toBe(testDb.handle.exclusive);
  });
});

describe('announcements heard from other instances', () => {
  const copies = () =>
    ({
      board: { generation: contentGeneration(), reach: { board: 'ideas' } },
      none: { generation: contentGeneration(), reach: 'none' },
      voter: { generation: contentGeneration(), reach: { voter: 'v1' } },
      otherVoter: { generation: contentGeneration(), reach: { voter: 'v2' } },
    }) as const;

  it('a vote clears what shows it; anything else, or anything unreadable, clears everything', () => {
    let c = copies();
    hearAnnouncement(JSON.stringify({ from: 'another', votes: [{ post: 1, board: 'ideas', voter: 'v1' }] }));
    expect([isCurrent(c.board), isCurrent(c.none), isCurrent(c.voter), isCurrent(c.otherVoter)]).toEqual([false, true, false, true]);
    // From an instance that does not name voters: anyone's votes may have changed.
    c = copies();
    hearAnnouncement(JSON.stringify({ from: 'another', votes: [{ post: 1, board: 'ideas' }] }));
    expect([isCurrent(c.none), isCurrent(c.otherVoter)]).toEqual([true, false]);
    const unreadable = [
      'another-instance',
      '{not json',
      JSON.stringify({ from: 'another', votes: [{ post: 'x' }] }),
      JSON.stringify({ from: 'another', votes: [{ post: 1, board: 'ideas', voter: 7 }] }),
      '{}',
    ];
    for (const payload of unreadable) {
      c = copies();
      hearAnnouncement(payload);
      expect([payload, isCurrent(c.none)]).toEqual([payload, false]);
    }
  });
});

import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/db';
import { VISITOR, visitorOf } from '@/server/identity/actor';
import { markRecentWrite, readsOwnWrites } from '@/server/identity/cookies';
import { needsFreshReads, requireFreshReads } from '@/server/identity/fresh-reads';
import { keptFor, ownWriteWindowSeconds } from './visitor-cache';

const testDb = useTestDatabase();

const requestWith = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } }) as IncomingMessage;

describe("a person's own writes and the visitor caches", () => {
  it('marks a write for as long as another instance may serve an older copy, and only where copies are per instance', () => {
    expect(ownWriteWindowSeconds({ exclusive: false }, 3)).toBe(4);
    expect(ownWriteWindowSeconds({ exclusive: false }, 10)).toBe(11);
    expect(ownWriteWindowSeconds({ exclusive: false }, 0)).toBe(0);
    expect(ownWriteWindowSeconds({ exclusive: true }, 3)).toBe(0);
    // This process's own database: exact on PGlite; on PostgreSQL the tests turn the cache off.
    expect(ownWriteWindowSeconds()).toBe(0);
  });

  it('the recent-write cookie makes a visitor a recent writer, and nothing else does', () => {
    const headers = new Map<string, string | string[]>();
    const res = {
      getHeader: (name: string) => headers.get(name),
      setHeader: (name: string, value: string | string[]) => headers.set(name, value),
    } as unknown as Parameters<typeof markRecentWrite>[0];
    markRecentWrite(res, 4);
    const [setCookie] = headers.get('set-cookie') as string[];
    expect(setCookie).toMatch(/^chorus_recent_write=1; Max-Age=4; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = setCookie!.split(';')[0]!;

    expect(readsOwnWrites(requestWith(`a=b; ${cookie}`))).toBe(true);
    expect(visitorOf(requestWith(cookie))).toEqual({ kind: 'visitor', freshReads: true });
    expect(readsOwnWrites(requestWith('chorus_recent_write=0'))).toBe(false);
    expect(readsOwnWrites(requestWith())).toBe(false);
    expect(visitorOf(requestWith('a=b'))).toBe(VISITOR);
  });

  it('a recent writer is always computed fresh, and other visitors are served the newest answer', async () => {
    let calls = 0;
    const compute = async () => ++calls;
    const key = `own-${Math.random()}`;
    await keptFor(VISITOR, key, compute);
    const writer = visitorOf(requestWith('chorus_recent_write=1'));
    expect(await keptFor(writer, key, compute)).toBe(2);
    expect(await keptFor(writer, key, compute)).toBe(3);
    // Other visitors: the newest answer, kept where the cache is on (embedded PGlite in tests).
    expect(await keptFor(VISITOR, key, compute)).toBe(testDb.handle.exclusive ? 3 : 4);
  });

  it('a request whose page is being recorded reads fresh too', () => {
    const req = requestWith();
    expect(needsFreshReads(req)).toBe(false);
    requireFreshReads(req);
    expect(needsFreshReads(req)).toBe(true);
    expect(visitorOf(req)).toEqual({ kind: 'visitor', freshReads: true });
  });
});

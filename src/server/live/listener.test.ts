/**
 * Live signals across instances (PostgreSQL only: with embedded PGlite they stay in the process,
 * which events.test.ts covers). Two hubs, each with its own listening connection like two app
 * instances, receive a signal exactly when its transaction commits, never for a rollback, and a
 * listener whose connection is cut reconnects and catches up on what it missed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { LiveHub } from './hub';
import { listenForLiveSignals } from './listener';
import { publishLive } from './publish';
import type { LiveEvent } from './signal';
import { insertBoard, insertPost } from '@/test/content';
import { testServerUrl, useTestDatabase } from '@/test/db';
import type { Listening } from '@/server/db/listen';

const database = useTestDatabase();

function collector(hub: LiveHub) {
  const got: LiveEvent[] = [];
  hub.subscribe({ deliver: (e) => got.push(e), close: () => undefined });
  const until = async (pred: (e: LiveEvent) => boolean, ms = 5000) => {
    const t0 = Date.now();
    while (Date.now() - t0 < ms) {
      const hit = got.find(pred);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`nothing arrived within ${ms} ms: ${JSON.stringify(got)}`);
  };
  return { got, until };
}

describe.runIf(testServerUrl())('live signals across instances (LISTEN/NOTIFY)', () => {
  const hubs = [new LiveHub(), new LiveHub()];
  let listeners: Listening[] = [];
  beforeAll(async () => {
    listeners = hubs.map((h) => listenForLiveSignals(database.url!, h));
    await Promise.all(listeners.map((l) => l.ready));
    // A moment for each listener's start-from-newest read.
    await new Promise((r) => setTimeout(r, 100));
  });
  afterAll(async () => {
    await Promise.all(listeners.map((l) => l.stop()));
  });

  it('reaches both instances once the change commits, and never for a rollback', async () => {
    const board = await insertBoard();
    const post = await insertPost(board.id);
    const [a, b] = hubs.map(collector);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = db().transaction(async (t) => {
      await publishLive(t, { kind: 'votes', postId: post.id });
      await held;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect([a!.got.length, b!.got.length]).toEqual([0, 0]);
    const committedAt = performance.now();
    release();
    await tx;
    const [ea, eb] = await Promise.all([a!.until((e) => e.signal.post === post.number), b!.until((e) => e.signal.post === post.number)]);
    expect(performance.now() - committedAt).toBeLessThan(2000);
    expect(ea.id).toBe(eb.id);
    expect(ea.signal).toMatchObject({ kind: 'votes', post: post.number, board: board.id, approval: 'approved', votes: 0 });

    await db()
      .transaction(async (t) => {
        await publishLive(t, { kind: 'post', postId: post.id });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
    expect(a!.got.filter((e) => e.signal.kind === 'post')).toEqual([]);
  });

  it('a listener whose connection is cut reconnects and catches up on what it missed', async () => {
    const board = await insertBoard();
    const post = await insertPost(board.id);
    const [a, b] = hubs.map(collector);
    // Cut every listening connection of this database (both instances), then publish at once.
    await db().execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
    );
    await db().transaction((t) => publishLive(t, { kind: 'post', postId: post.id }));
    const [ea, eb] = await Promise.all([
      a!.until((e) => e.signal.post === post.number, 10_000),
      b!.until((e) => e.signal.post === post.number, 10_000),
    ]);
    expect(ea.id).toBe(eb.id);
    // And the new connection listens again.
    await db().transaction((t) => publishLive(t, { kind: 'votes', postId: post.id }));
    await a!.until((e) => e.signal.post === post.number && e.signal.kind === 'votes');
  });
});

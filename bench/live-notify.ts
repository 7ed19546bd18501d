/**
 * Live updates across instances (PostgreSQL only): the time from a signal's commit to its arrival
 * at two listening hubs (two instances' LISTEN connections), in-process, no HTTP. The database
 * given must be migrated (it gets a board and a post). `--rounds` signals (default 50), one at a
 * time; prints p50/p95 of commit → both listeners, and of the publishing transaction itself.
 *
 *   node --import tsx bench/live-notify.ts --database-url postgres://…/chorus [--rounds 50]
 */
import { db } from '@/server/db/client';
import { closeDatabase, openDatabase } from '@/server/db/open';
import { boards, posts } from '@/server/db/schema';
import { LiveHub } from '@/server/live/hub';
import { listenForLiveSignals } from '@/server/live/listener';
import { publishLive } from '@/server/live/publish';
import { argValue, round } from './lib/server';

const URL = argValue('database-url');
const ROUNDS = Number(argValue('rounds') ?? 50);

const at = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function main() {
  if (!URL) throw new Error('--database-url is required (a migrated Chorus database on PostgreSQL)');
  await openDatabase({ databaseUrl: URL });
  const hubs = [new LiveHub(), new LiveHub()];
  const listeners = hubs.map((h) => listenForLiveSignals(URL, h));
  try {
    await Promise.all(listeners.map((l) => l.ready));
    await new Promise((r) => setTimeout(r, 200));
    const [board] = await db()
      .insert(boards)
      .values({ slug: `bench-notify-${Date.now().toString(36)}`, name: 'Bench notify' })
      .returning();
    const [post] = await db().insert(posts).values({ boardId: board!.id, title: 'Bench: notify latency' }).returning();
    const arrival: number[] = [];
    const publish: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const arrived = hubs.map(
        (h) =>
          new Promise<number>((resolve) => {
            const off = h.subscribe({ deliver: () => (off(), resolve(performance.now())), close: () => undefined });
          }),
      );
      const t0 = performance.now();
      await db().transaction((tx) => publishLive(tx, { kind: 'votes', postId: post!.id }));
      const committed = performance.now();
      arrival.push(Math.max(...(await Promise.all(arrived))) - committed);
      publish.push(committed - t0);
    }
    console.log(`\nLive signals across instances (PostgreSQL, two LISTEN connections, ${ROUNDS} signals one at a time)`);
    console.log(`commit → both listeners: p50 ${round(at(arrival, 0.5), 2)} ms, p95 ${round(at(arrival, 0.95), 2)} ms`);
    console.log(
      `publishing transaction (insert + pg_notify + commit): p50 ${round(at(publish, 0.5), 2)} ms, p95 ${round(at(publish, 0.95), 2)} ms`,
    );
  } finally {
    await Promise.all(listeners.map((l) => l.stop()));
    await closeDatabase();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

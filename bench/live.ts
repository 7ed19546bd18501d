/**
 * Live updates (issue 12, "Load"): how many server-sent-event streams one instance holds, what
 * each costs in memory, and how long a vote takes to reach the streams.
 *  1. The server starts once on a fresh data dir (migrated, admin set up) and stops; the script
 *     writes a board, a post and one member with a session straight into the database, and
 *     starts the server again with --expose-gc and the rate limits multiplied (all streams come
 *     from one address here).
 *  2. It opens streams on GET /api/v1/events?post=<n> as visitors in steps (--steps, default
 *     1000,2000,4000), each on its own connection, reading and discarding what arrives. After
 *     each step it waits until the server counts them, then reads the server's RSS (from /proc)
 *     and its heap after a full collection (GET /api/diagnostics/memory): the cost per stream is
 *     the growth over the idle figure divided by the streams open.
 *  3. With the last step's streams open, the member toggles the vote (PUT, then DELETE) --votes
 *     times (default 20), one at a time: for each, the time from sending the request to the
 *     `votes` event on one watched stream, and to the last of all streams.
 *  4. One more stream beyond the instance's cap must be refused with 503.
 *
 *   node --import tsx bench/live.ts [--port 3652] [--steps 1000,2000,4000] [--votes 20] [--database-url …]
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { hashToken } from '@/server/identity/tokens';
import { db } from '@/server/db/client';
import { closeDatabase, openDatabase } from '@/server/db/open';
import { boards, posts, sessions, users } from '@/server/db/schema';
import { STREAMS_PER_INSTANCE } from '@/composition/live/events-route';
import {
  argValue,
  ensureBuild,
  environmentInfo,
  formatLoad,
  loadAvg,
  median,
  removeTempDataDir,
  round,
  rssMb,
  startServer,
  stopServer,
  table,
  tempDataDir,
  waitForHealth,
  writeResult,
} from './lib/server';

const PORT = Number(argValue('port') ?? 3652);
const STEPS = (argValue('steps') ?? '1000,2000,4000').split(',').map(Number);
const VOTES = Number(argValue('votes') ?? 20);
const DATABASE_URL = argValue('database-url');
const SERVER_ENV = { CHORUS_RATE_LIMIT_MULTIPLIER: '1000', LOG_LEVEL: 'warn' };

async function seed(dataDir: string | undefined): Promise<{ number: number; cookie: string }> {
  await openDatabase(DATABASE_URL ? { databaseUrl: DATABASE_URL } : { dataDir });
  try {
    const tag = Date.now().toString(36);
    const [board] = await db()
      .insert(boards)
      .values({ slug: `bench-live-${tag}`, name: 'Bench live' })
      .returning();
    const [post] = await db().insert(posts).values({ boardId: board!.id, title: 'Bench: live votes' }).returning();
    const [member] = await db()
      .insert(users)
      .values({ email: `bench-live-${tag}@example.test`, displayName: 'Live voter', emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    const token = randomBytes(32).toString('base64url');
    await db()
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId: member!.id, expiresAt: new Date(Date.now() + 86_400_000) });
    return { number: post!.number, cookie: `chorus_session=${token}` };
  } finally {
    await closeDatabase();
  }
}

interface Stream {
  /** Resolves with the arrival time of the next `votes` event whose count is `votes`. */
  waitVotes(votes: number): Promise<number>;
  close(): void;
}

function openStream(base: string, number: number): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const waiting = new Map<number, (t: number) => void>();
    const req = http.get(`${base}/api/v1/events?post=${number}`, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`HTTP ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          if (block.includes('event: ready')) resolve(stream);
          const m = /event: votes\ndata: (.*)/.exec(block);
          if (m) {
            const votes = (JSON.parse(m[1]!) as { votes: number }).votes;
            waiting.get(votes)?.(performance.now());
            waiting.delete(votes);
          }
        }
      });
      res.on('error', () => undefined);
    });
    req.on('error', reject);
    const stream: Stream = {
      waitVotes: (votes) => new Promise((r) => waiting.set(votes, r)),
      close: () => req.destroy(),
    };
  });
}

async function memory(base: string): Promise<{ rss: number; heapUsed: number; liveStreams: number }> {
  const res = await fetch(`${base}/api/diagnostics/memory`);
  return (await res.json()) as { rss: number; heapUsed: number; liveStreams: number };
}

async function until(check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function main() {
  ensureBuild();
  const dataDir = DATABASE_URL ? undefined : tempDataDir('live');
  const first = await startServer({ port: PORT, dataDir, databaseUrl: DATABASE_URL, env: SERVER_ENV });
  await waitForHealth(first);
  await stopServer(first);
  const seeded = await seed(dataDir);

  const before = loadAvg();
  const server = await startServer({ port: PORT, dataDir, databaseUrl: DATABASE_URL, env: SERVER_ENV, nodeArgs: ['--expose-gc'] });
  const streams: Stream[] = [];
  const rows: (string | number)[][] = [];
  const steps: { streams: number; rssMb: number; heapMb: number; rssKbPerStream: number; heapKbPerStream: number }[] = [];
  let latency = { firstP50: 0, firstP95: 0, allP50: 0, allP95: 0 };
  let refusedBeyondCap: number | string = 'not tried';
  try {
    await waitForHealth(server);
    const base = server.url;
    await new Promise((r) => setTimeout(r, 5000));
    const idle = await memory(base);
    const idleRss = rssMb(server.pid);
    rows.push(['idle', 0, round(idleRss), round(idle.heapUsed / 1e6), '', '']);
    for (const target of STEPS) {
      while (streams.length < target) {
        const batch = Math.min(200, target - streams.length);
        streams.push(...(await Promise.all(Array.from({ length: batch }, () => openStream(base, seeded.number)))));
      }
      await until(async () => (await memory(base)).liveStreams >= target);
      await new Promise((r) => setTimeout(r, 2000));
      const m = await memory(base);
      const rss = rssMb(server.pid);
      const step = {
        streams: target,
        rssMb: round(rss),
        heapMb: round(m.heapUsed / 1e6),
        rssKbPerStream: round(((rss - idleRss) * 1000) / target, 2),
        heapKbPerStream: round((m.heapUsed - idle.heapUsed) / 1000 / target, 2),
      };
      steps.push(step);
      rows.push(['open', target, step.rssMb, step.heapMb, step.rssKbPerStream, step.heapKbPerStream]);
    }

    // Vote → event, with every stream open.
    const firstTimes: number[] = [];
    const allTimes: number[] = [];
    for (let i = 0; i < VOTES; i++) {
      const on = i % 2 === 0;
      const want = on ? 1 : 0;
      const arrivals = streams.map((s) => s.waitVotes(want));
      const t0 = performance.now();
      const res = await fetch(`${base}/api/v1/posts/${seeded.number}/vote`, {
        method: on ? 'PUT' : 'DELETE',
        headers: { cookie: seeded.cookie, origin: base, 'content-type': 'application/json' },
        body: '{}',
      });
      if (!res.ok) throw new Error(`vote: HTTP ${res.status}`);
      const times = await Promise.all(arrivals);
      firstTimes.push(times[0]! - t0);
      allTimes.push(Math.max(...times) - t0);
    }
    latency = {
      firstP50: round(median(firstTimes)),
      firstP95: round(percentile(firstTimes, 95)),
      allP50: round(median(allTimes)),
      allP95: round(percentile(allTimes, 95)),
    };

    // The instance's cap.
    const open = (await memory(base)).liveStreams;
    if (open < STREAMS_PER_INSTANCE) {
      while (streams.length < STREAMS_PER_INSTANCE) {
        const batch = Math.min(200, STREAMS_PER_INSTANCE - streams.length);
        streams.push(...(await Promise.all(Array.from({ length: batch }, () => openStream(base, seeded.number)))));
      }
    }
    refusedBeyondCap = await openStream(base, seeded.number).then(
      (s) => {
        streams.push(s);
        return 'not refused';
      },
      (err: Error) => err.message,
    );
  } finally {
    for (const s of streams) s.close();
    await stopServer(server);
  }
  const after = loadAvg();
  if (dataDir) removeTempDataDir(dataDir);

  console.log(`\nLive updates (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; visitor streams on one post, one connection each)`);
  console.log(table([['step', 'streams', 'RSS MB', 'heap MB', 'RSS kB/stream', 'heap kB/stream'], ...rows]));
  console.log(
    `vote → event (${VOTES} toggles, ${streams.length > 0 ? STEPS[STEPS.length - 1] : 0} streams open): ` +
      `one stream p50 ${latency.firstP50} ms, p95 ${latency.firstP95} ms; last of all streams p50 ${latency.allP50} ms, p95 ${latency.allP95} ms`,
  );
  console.log(`stream ${STREAMS_PER_INSTANCE + 1} (beyond the instance's cap of ${STREAMS_PER_INSTANCE}): ${refusedBeyondCap}`);
  console.log(`load average before ${formatLoad(before)}, after ${formatLoad(after)}`);
  const file = writeResult('live', {
    environment: environmentInfo(),
    driver: DATABASE_URL ? 'postgres' : 'pglite',
    steps,
    latency,
    votes: VOTES,
    cap: STREAMS_PER_INSTANCE,
    refusedBeyondCap,
    loadAvg: { before, after },
  });
  console.log(`written ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

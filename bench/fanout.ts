/**
 * Notification fan-out (issue 9, "done when" 5): a post with N voters (default 10,000) changes
 * status. Prints figures, never fails on them.
 *  1. The server starts once on a fresh data dir (migrated, admin set up) and stops; the script
 *     writes a board with a few posts, one post with N confirmed voters, and an admin session,
 *     straight into the database, and starts the server again with SMTP_URL pointing at a local
 *     SMTP sink (smtp-server, in this process) and the digest window `--digest-seconds` (default 0:
 *     each voter's digest goes out as soon as the fan-out has queued it).
 *  2. Baseline: autocannon on the board page (`/b/<board>`, a visitor) for D seconds.
 *  3. The admin changes the post's status with a public note (one POST, timed). During the next D
 *     seconds autocannon loads the board page again while the fan-out runs. Meanwhile the script
 *     polls the admin's outbox (the newest email's id, so how many were queued) and counts what the
 *     sink receives: time to the first email queued, to all N queued, and to all N delivered.
 *
 *   node --import tsx bench/fanout.ts [--voters 10000] [--port 3681] [--duration 10] [--connections 20] [--digest-seconds 0]
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { db } from '@/server/db/client';
import { closeDatabase, openDatabase } from '@/server/db/open';
import { boards, posts, sessions, statuses, users, votes } from '@/server/db/schema';
import { hashToken } from '@/server/identity/tokens';
import { runLoad, type LoadResult } from './lib/load';
import {
  argValue,
  BENCH_ADMIN,
  ensureBuild,
  environmentInfo,
  formatLoad,
  loadAvg,
  removeTempDataDir,
  round,
  startServer,
  stopServer,
  table,
  tempDataDir,
  waitForHealth,
  writeResult,
} from './lib/server';

const PORT = Number(argValue('port') ?? 3681);
const SMTP_PORT = PORT + 1;
const VOTERS = Number(argValue('voters') ?? 10_000);
const DURATION = Number(argValue('duration') ?? 10);
const CONNECTIONS = Number(argValue('connections') ?? 20);
const DIGEST_SECONDS = argValue('digest-seconds') ?? '0';

interface Seeded {
  boardSlug: string;
  postNumber: number;
  statusId: string;
  adminCookie: string;
}

async function seed(dataDir: string): Promise<Seeded> {
  await openDatabase({ dataDir });
  try {
    const tag = Date.now().toString(36);
    const [board] = await db()
      .insert(boards)
      .values({ slug: `bench-fanout-${tag}`, name: 'Bench fan-out' })
      .returning();
    await db()
      .insert(posts)
      .values(Array.from({ length: 30 }, (_, i) => ({ boardId: board!.id, title: `Another idea ${i}` })));
    const [post] = await db().insert(posts).values({ boardId: board!.id, title: 'Bench: everyone voted for this' }).returning();
    for (let i = 0; i < VOTERS; i += 1000) {
      const batch = await db()
        .insert(users)
        .values(
          Array.from({ length: Math.min(1000, VOTERS - i) }, (_, j) => ({
            email: `bench-fanout-${tag}-${i + j}@example.test`,
            displayName: `Voter ${i + j}`,
            emailVerifiedAt: new Date(),
          })),
        )
        .returning({ id: users.id });
      await db()
        .insert(votes)
        .values(batch.map((u) => ({ postId: post!.id, userId: u.id })));
    }
    const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.email, BENCH_ADMIN.email));
    const token = randomBytes(32).toString('base64url');
    await db()
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId: admin!.id, expiresAt: new Date(Date.now() + 86_400_000) });
    const [planned] = await db().select({ id: statuses.id }).from(statuses).where(eq(statuses.slug, 'planned'));
    return { boardSlug: board!.slug, postNumber: post!.number, statusId: planned!.id, adminCookie: `chorus_session=${token}` };
  } finally {
    await closeDatabase();
  }
}

/** A local SMTP server that accepts everything and counts messages, with the time of the first and last. */
function startSink() {
  const state = { count: 0, first: 0, last: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        const now = performance.now();
        state.count++;
        state.first ||= now;
        state.last = now;
        callback();
      });
    },
  });
  return new Promise<{ state: typeof state; close: () => Promise<void> }>((resolve) =>
    server.listen(SMTP_PORT, '127.0.0.1', () => resolve({ state, close: () => new Promise((r) => server.close(() => r())) })),
  );
}

const row = (label: string, r: LoadResult) => [
  label,
  round(r.requestsPerSec),
  round(r.latencyMs.p50),
  round(r.latencyMs.p95),
  round(r.latencyMs.p99),
  r.non2xx,
];

async function newestOutboxId(base: string, cookie: string): Promise<number> {
  const res = await fetch(`${base}/api/v1/admin/outbox?limit=1`, { headers: { cookie } });
  const body = (await res.json()) as { items: { id: number }[] };
  return body.items[0]?.id ?? 0;
}

async function main() {
  ensureBuild();
  const dataDir = tempDataDir('fanout');
  const env = {
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    CHORUS_NOTIFICATION_DIGEST_SECONDS: DIGEST_SECONDS,
    MAIL_FROM: 'bench@example.test',
  };
  const first = await startServer({ port: PORT, dataDir, env });
  await waitForHealth(first);
  await stopServer(first);
  const seedStart = performance.now();
  const seeded = await seed(dataDir);
  console.log(`seeded ${VOTERS} voters in ${round((performance.now() - seedStart) / 1000)} s`);

  const sink = await startSink();
  const before = loadAvg();
  const server = await startServer({ port: PORT, dataDir, env });
  const base = server.url;
  const page = `${base}/b/${seeded.boardSlug}`;
  let baseline: LoadResult;
  let during: LoadResult;
  const times: Record<string, number | null> = {
    statusRequestMs: null,
    firstQueuedS: null,
    allQueuedS: null,
    firstSentS: null,
    allSentS: null,
  };
  try {
    await waitForHealth(server);
    await runLoad({ url: page, connections: 5, durationSec: 2 });
    baseline = await runLoad({ url: page, connections: CONNECTIONS, durationSec: DURATION });
    const startId = await newestOutboxId(base, seeded.adminCookie);
    const sentBefore = sink.state.count;

    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1/posts/${seeded.postNumber}/status`, {
      method: 'POST',
      headers: { cookie: seeded.adminCookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ statusId: seeded.statusId, note: 'Planned for the next release.' }),
    });
    times.statusRequestMs = round(performance.now() - t0);
    if (res.status !== 200) throw new Error(`status change answered ${res.status}: ${await res.text()}`);

    const load = runLoad({ url: page, connections: CONNECTIONS, durationSec: DURATION });
    const deadline = t0 + 15 * 60_000;
    while (performance.now() < deadline) {
      const queued = (await newestOutboxId(base, seeded.adminCookie)) - startId;
      const now = performance.now();
      if (queued > 0 && times.firstQueuedS === null) times.firstQueuedS = round((now - t0) / 1000, 2);
      if (queued >= VOTERS && times.allQueuedS === null) times.allQueuedS = round((now - t0) / 1000, 2);
      if (sink.state.count - sentBefore >= VOTERS) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    if (sink.state.first) times.firstSentS = round((sink.state.first - t0) / 1000, 2);
    if (sink.state.count - sentBefore >= VOTERS) times.allSentS = round((sink.state.last - t0) / 1000, 2);
    during = await load;
  } finally {
    await stopServer(server);
    await sink.close();
  }
  const after = loadAvg();
  removeTempDataDir(dataDir);

  console.log(
    `\nNotification fan-out (PGlite; ${VOTERS} voters, digest window ${DIGEST_SECONDS} s, ${CONNECTIONS} connections × ${DURATION} s)`,
  );
  console.log(
    table([
      ['step', 'seconds after the status change'],
      ['status change answered (ms)', times.statusRequestMs ?? '—'],
      ['first email queued', times.firstQueuedS ?? '—'],
      [`all ${VOTERS} emails queued`, times.allQueuedS ?? 'not within the run'],
      ['first email received by the sink', times.firstSentS ?? '—'],
      [`all ${VOTERS} received by the sink`, times.allSentS ?? `only ${sink.state.count}`],
    ]),
  );
  console.log(
    table([
      ['board page', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx'],
      row('without fan-out', baseline),
      row('during fan-out', during),
    ]),
  );
  console.log(`load average before ${formatLoad(before)}, after ${formatLoad(after)}`);
  const file = writeResult('fanout', {
    environment: environmentInfo(),
    voters: VOTERS,
    digestSeconds: DIGEST_SECONDS,
    times,
    baseline,
    during,
    loadBefore: before,
    loadAfter: after,
  });
  console.log(`results: ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

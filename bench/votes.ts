/**
 * Votes: toggle throughput on one post, and a recount afterwards (issue 4, "Measure").
 *  1. The server starts once on a fresh data dir (migrated, admin set up) and stops; the script
 *     then writes a board, one post and N members with sessions straight into the database
 *     (there is no faster honest way to have N signed-in people), and starts the server again.
 *  2. autocannon, C connections for D seconds: each connection repeatedly takes the next member
 *     (round robin) and sends PUT /api/v1/posts/<n>/vote then DELETE with that member's cookie.
 *     With fewer members than connections, one member's toggles overlap on two connections,
 *     which is the double-click case under load. The vote rate limit is multiplied for the run.
 *  3. After the server stops, `select count(*) from votes where post_id = …` is compared with
 *     the post's `vote_count`: they must be equal.
 *
 *   node --import tsx bench/votes.ts [--port 3651] [--duration 10] [--connections 50] [--members 25] [--database-url …]
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashToken } from '@/server/identity/tokens';
import { db } from '@/server/db/client';
import { closeDatabase, openDatabase } from '@/server/db/open';
import { boards, posts, sessions, users, votes } from '@/server/db/schema';
import { runLoad, type LoadResult } from './lib/load';
import {
  argValue,
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

const PORT = Number(argValue('port') ?? 3651);
const DURATION = Number(argValue('duration') ?? 10);
const CONNECTIONS = Number(argValue('connections') ?? 50);
const MEMBERS = Number(argValue('members') ?? 25);
const DATABASE_URL = argValue('database-url');
const SERVER_ENV = { CHORUS_RATE_LIMIT_MULTIPLIER: '1000' };

interface Seeded {
  postId: string;
  postNumber: number;
  cookies: string[];
}

/** A board, a post and MEMBERS members, each with a session; the server must not be running on a PGlite dir. */
async function seed(dataDir: string | undefined): Promise<Seeded> {
  await openDatabase(DATABASE_URL ? { databaseUrl: DATABASE_URL } : { dataDir });
  try {
    const tag = Date.now().toString(36);
    const [board] = await db()
      .insert(boards)
      .values({ slug: `bench-votes-${tag}`, name: 'Bench votes' })
      .returning();
    const [post] = await db().insert(posts).values({ boardId: board!.id, title: 'Bench: toggle votes here' }).returning();
    const members = await db()
      .insert(users)
      .values(
        Array.from({ length: MEMBERS }, (_, i) => ({
          email: `bench-voter-${tag}-${i}@example.test`,
          displayName: `Voter ${i}`,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id });
    const tokens = members.map(() => randomBytes(32).toString('base64url'));
    const expiresAt = new Date(Date.now() + 86_400_000);
    await db()
      .insert(sessions)
      .values(members.map((m, i) => ({ tokenHash: hashToken(tokens[i]!), userId: m.id, expiresAt })));
    // PUBLIC_URL is http, so the cookie has no __Host- prefix (src/server/identity/cookies.ts).
    return { postId: post!.id, postNumber: post!.number, cookies: tokens.map((t) => `chorus_session=${t}`) };
  } finally {
    await closeDatabase();
  }
}

async function recount(dataDir: string | undefined, postId: string): Promise<{ counted: number; counter: number }> {
  await openDatabase(DATABASE_URL ? { databaseUrl: DATABASE_URL } : { dataDir });
  try {
    const [c] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(votes)
      .where(eq(votes.postId, postId));
    const [p] = await db().select({ voteCount: posts.voteCount }).from(posts).where(eq(posts.id, postId));
    return { counted: c!.n, counter: p!.voteCount };
  } finally {
    await closeDatabase();
  }
}

const row = (label: string, r: LoadResult) => [
  label,
  round(r.requestsPerSec),
  round(r.latencyMs.p50),
  round(r.latencyMs.p95),
  round(r.latencyMs.p99),
  r.non2xx,
  r.errors,
];

async function main() {
  ensureBuild();
  const dataDir = DATABASE_URL ? undefined : tempDataDir('votes');
  // First start: migrations and the admin; then stop, so the data dir can be written.
  const first = await startServer({ port: PORT, dataDir, databaseUrl: DATABASE_URL, env: SERVER_ENV });
  await waitForHealth(first);
  await stopServer(first);
  const seeded = await seed(dataDir);

  const before = loadAvg();
  const server = await startServer({ port: PORT, dataDir, databaseUrl: DATABASE_URL, env: SERVER_ENV });
  let result: LoadResult;
  try {
    await waitForHealth(server);
    const base = server.url;
    const path = `/api/v1/posts/${seeded.postNumber}/vote`;
    let next = 0;
    const headersFor = (cookie: unknown) => ({ cookie: String(cookie), origin: base });
    const requests = [
      {
        method: 'PUT' as const,
        path,
        setupRequest: (req: object, context: Record<string, unknown>) => {
          context.cookie = seeded.cookies[next++ % seeded.cookies.length];
          return { ...req, method: 'PUT' as const, path, headers: headersFor(context.cookie) };
        },
      },
      {
        method: 'DELETE' as const,
        path,
        setupRequest: (req: object, context: Record<string, unknown>) => ({
          ...req,
          method: 'DELETE' as const,
          path,
          headers: headersFor(context.cookie),
        }),
      },
    ];
    await runLoad({ url: base + path, connections: 10, durationSec: 2, requests }); // warm-up
    result = await runLoad({ url: base + path, connections: CONNECTIONS, durationSec: DURATION, requests });
  } finally {
    await stopServer(server);
  }
  const after = loadAvg();
  const { counted, counter } = await recount(dataDir, seeded.postId);
  if (dataDir) removeTempDataDir(dataDir);

  console.log(
    `\nVote toggle benchmark (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${CONNECTIONS} connections, ${DURATION} s, ${MEMBERS} members on one post)`,
  );
  console.log(table([['run', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'errors'], row('PUT/DELETE vote (toggle)', result)]));
  console.log(`status codes: ${JSON.stringify(result.statusCodes)}`);
  const equal = counted === counter;
  console.log(`recount: count(*) of votes = ${counted}, vote_count = ${counter} → ${equal ? 'EQUAL' : 'DIFFERENT'}`);
  console.log(`load average before ${formatLoad(before)}, after ${formatLoad(after)}`);
  const file = writeResult(DATABASE_URL ? 'votes-postgres' : 'votes', {
    environment: environmentInfo(),
    loadBefore: before,
    loadAfter: after,
    members: MEMBERS,
    toggle: result,
    recount: { counted, counter, equal },
  });
  console.log(`results: ${file}`);
  if (!equal) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

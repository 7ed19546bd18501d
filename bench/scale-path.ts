/**
 * Issue 22's figures: what a page costs on the embedded default and on PostgreSQL (the path a
 * growing team takes), side by side in one run, on the same 10,000-post demo workspace, 50
 * connections. Per database, one server on an existing data directory / database:
 *
 *  - the trivial page (`/diagnostics/trivial`, the same server's yardstick);
 *  - the board and post pages signed in (as the admin), and the board page with each request
 *    from the next of 50 demo members: req/s, p95, and CPU per request of the server process
 *    (all threads) plus, on PostgreSQL, of its server processes;
 *  - the signed-in board page while 8 members vote and unvote on the board's posts as fast as
 *    they are answered; afterwards every post's stored count is recounted from its votes;
 *  - the visitors' board page alone, then while 5 clients send refused anonymous writes (a post
 *    and a vote without a session: 401) at about 8 a second each, three times in turn (one pair
 *    of loads varies by a third on this machine: the medians are compared);
 *  - a different search on every request (random word pairs: no copy can answer it).
 *
 *   node --import tsx bench/scale-path.ts --database-url postgres://… [--data-dir <seeded PGlite dir>]
 *       [--duration 10] [--warmup 3] [--connections 50] [--posts 10000] [--port 3741]
 *
 * Without --data-dir the script seeds a PGlite template first (a few minutes); the database at
 * --database-url is seeded when it is empty.
 */
import { cpSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AutocannonRequest } from 'autocannon';
import pg from 'pg';
import { memberCookies, prepareTemplate, signedInLoad, signIn, waitForIdleJobs, type MeasuredLoad } from './lib/demo';
import { runLoad, type LoadResult } from './lib/load';
import { SEARCH_WORDS, seedDemoData } from './lib/seed';
import {
  argValue,
  ensureBuild,
  environmentInfo,
  formatLoad,
  loadAvg,
  median,
  round,
  startServer,
  stopServer,
  table,
  tempDataDir,
  waitFor200,
  writeResult,
  type RunningServer,
} from './lib/server';
import { embeddedSocketUrl } from '../src/server/db/open';

const DATABASE_URL = argValue('database-url');
const TEMPLATE = argValue('data-dir');
const DURATION = Number(argValue('duration') ?? 10);
const WARMUP = Number(argValue('warmup') ?? 3);
const CONNECTIONS = Number(argValue('connections') ?? 50);
const POSTS = Number(argValue('posts') ?? 10_000);
const PORT = Number(argValue('port') ?? 3741);
const BOARD_SLUG = 'feature-requests';
const BOARD = `/b/${BOARD_SLUG}`;
const TARGETS = {
  /** Signed-in board and post pages on PostgreSQL, against the same server's trivial page. */
  pageShareOfTrivial: 0.4,
  pageP95Ms: 300,
  pageP95WhileVotingMs: 400,
  cpuMsPerPage: 8,
  visitorShareWhileRefused: 0.9,
  uncachedSearchRps: { pglite: 150, postgres: 250 },
};

type Driver = 'pglite' | 'postgres';
type Measured = MeasuredLoad;

interface Figures {
  driver: Driver;
  trivial: LoadResult;
  board: Measured;
  boardMembers: Measured;
  post: Measured;
  boardWhileVoting: LoadResult;
  votes: LoadResult;
  /** Posts of the board whose stored count differs from a count of their votes, after the votes. */
  miscounted: number;
  /** Three of each, in turn: alone, while refused, alone, … */
  visitorAlone: LoadResult[];
  visitorWhileRefused: LoadResult[];
  refused: LoadResult[];
  searchUncached: LoadResult;
}

const withCookies = (cookies: string[], extra: Record<string, string> = {}): AutocannonRequest[] => {
  let turn = 0;
  return [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...extra, cookie: cookies[turn++ % cookies.length]! } }) }];
};

const measured = (server: RunningServer, pathname: string, cookies: string[]) =>
  signedInLoad(server, pathname, cookies, { connections: CONNECTIONS, durationSec: DURATION, warmupSec: WARMUP });

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Posts of the board members may vote on: tried with one member's vote (and unvote). */
async function votablePosts(server: RunningServer, dbUrl: string, cookie: string): Promise<number[]> {
  const rows = await query<{ number: number }>(
    dbUrl,
    `select p.number from posts p join boards b on b.id = p.board_id
      where b.slug = $1 and p.deleted_at is null and p.merged_into_id is null and p.approval = 'approved'
      order by p.vote_count desc, p.number limit 60`,
    [BOARD_SLUG],
  );
  const open: number[] = [];
  for (const { number } of rows) {
    const url = `${server.url}/api/v1/posts/${number}/vote`;
    const headers = { cookie, origin: server.url };
    if ((await fetch(url, { method: 'PUT', headers })).status !== 200) continue;
    await fetch(url, { method: 'DELETE', headers });
    open.push(number);
    if (open.length === 20) break;
  }
  return open;
}

async function boardWhileVoting(server: RunningServer, dbUrl: string, admin: string, voters: string[]) {
  const posts = await votablePosts(server, dbUrl, voters[0]!);
  if (posts.length === 0) throw new Error('no post on the board takes votes');
  let turn = 0;
  const votes: AutocannonRequest[] = [
    {
      setupRequest: (req) => {
        const i = turn++;
        return {
          ...req,
          method: i % 3 === 2 ? 'DELETE' : 'PUT',
          path: `/api/v1/posts/${posts[Math.floor(i / 3) % posts.length]}/vote`,
          headers: { ...req.headers, origin: server.url, cookie: voters[i % voters.length]! },
        };
      },
    },
  ];
  const [page, voted] = await Promise.all([
    runLoad({ url: server.url + BOARD, connections: CONNECTIONS, durationSec: DURATION, requests: withCookies([admin]) }),
    runLoad({ url: server.url + BOARD, connections: voters.length, durationSec: DURATION, requests: votes }),
  ]);
  const [row] = await query<{ n: number }>(
    dbUrl,
    `select count(*)::int as n from posts p join boards b on b.id = p.board_id
      where b.slug = $1 and p.vote_count <> (select count(*) from votes v where v.post_id = p.id)`,
    [BOARD_SLUG],
  );
  return { page, voted, miscounted: row!.n };
}

async function visitorsWhileRefused(server: RunningServer) {
  await runLoad({ url: server.url + BOARD, connections: 1, durationSec: 1 }); // the visitors' copy exists
  let turn = 0;
  const junk: AutocannonRequest[] = [
    {
      setupRequest: (req) =>
        turn++ % 2 === 0
          ? {
              ...req,
              method: 'POST',
              path: '/api/v1/posts',
              headers: { ...req.headers, origin: server.url, 'content-type': 'application/json' },
              body: JSON.stringify({ board: BOARD_SLUG, title: `Junk ${turn}` }),
            }
          : { ...req, method: 'PUT', path: '/api/v1/posts/1/vote', headers: { ...req.headers, origin: server.url } },
    },
  ];
  const alone: LoadResult[] = [];
  const visitor: LoadResult[] = [];
  const refused: LoadResult[] = [];
  for (let turn = 0; turn < 3; turn++) {
    alone.push(await runLoad({ url: server.url + BOARD, connections: CONNECTIONS, durationSec: DURATION }));
    const [page, junkAnswered] = await Promise.all([
      runLoad({ url: server.url + BOARD, connections: CONNECTIONS, durationSec: DURATION }),
      runLoad({ url: server.url + BOARD, connections: 5, durationSec: DURATION, requests: junk, overallRate: 40 }),
    ]);
    visitor.push(page);
    refused.push(junkAnswered);
  }
  return { alone, visitor, refused };
}

async function uncachedSearch(server: RunningServer) {
  const word = () => SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)];
  const random = () => `${word()} ${word()} ${Math.floor(Math.random() * 1e6)}`;
  const requests: AutocannonRequest[] = [{ setupRequest: (req) => ({ ...req, path: `/api/v1/posts?q=${encodeURIComponent(random())}` }) }];
  return runLoad({ url: `${server.url}/api/v1/posts`, connections: CONNECTIONS, durationSec: DURATION, requests });
}

async function measure(driver: Driver, template: string | undefined, index: number): Promise<Figures> {
  const dataDir = driver === 'pglite' ? tempDataDir(`scale-path-${index}`) : undefined;
  if (dataDir) cpSync(template!, dataDir, { recursive: true });
  const server = await startServer({
    port: PORT + index,
    dataDir,
    databaseUrl: driver === 'postgres' ? DATABASE_URL : undefined,
    env: { CHORUS_RATE_LIMIT_MULTIPLIER: '1000' },
  });
  try {
    await waitFor200(server, BOARD, 180_000, 10);
    const dbUrl = driver === 'postgres' ? DATABASE_URL! : embeddedSocketUrl(dataDir!);
    if (!dbUrl) throw new Error('the embedded database has no socket to read it through');
    await waitForIdleJobs(dbUrl);
    const admin = await signIn(server.url);
    const members = await memberCookies(dbUrl, 58);
    const trivial = await runLoad({ url: `${server.url}/diagnostics/trivial`, connections: CONNECTIONS, durationSec: DURATION });
    const board = await measured(server, BOARD, [admin]);
    const boardMembers = await measured(server, BOARD, members.slice(0, 50));
    const post = await measured(server, '/p/3600', [admin]);
    const voting = await boardWhileVoting(server, dbUrl, admin, members.slice(50, 58));
    const visitors = await visitorsWhileRefused(server);
    const searchUncached = await uncachedSearch(server);
    const figures: Figures = {
      driver,
      trivial,
      board,
      boardMembers,
      post,
      boardWhileVoting: voting.page,
      votes: voting.voted,
      miscounted: voting.miscounted,
      visitorAlone: visitors.alone,
      visitorWhileRefused: visitors.visitor,
      refused: visitors.refused,
      searchUncached,
    };
    console.log(
      `  ${driver}: trivial ${round(trivial.requestsPerSec, 0)} req/s, board ${round(board.requestsPerSec, 0)} req/s, ` +
        `post ${round(post.requestsPerSec, 0)} req/s, while voting p95 ${round(voting.page.latencyMs.p95, 0)} ms ` +
        `(${voting.voted.totalRequests} votes, ${voting.miscounted} miscounted); load ${formatLoad(loadAvg())}`,
    );
    return figures;
  } finally {
    await stopServer(server);
    if (dataDir) rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
}

async function main() {
  if (!DATABASE_URL) throw new Error('--database-url is required: the figures are PGlite next to PostgreSQL');
  ensureBuild();
  if (seedDemoData({ posts: POSTS, databaseUrl: DATABASE_URL })) {
    const server = await startServer({ port: PORT + 51, databaseUrl: DATABASE_URL });
    await waitFor200(server, '/api/health', 180_000, 100);
    await waitForIdleJobs(DATABASE_URL);
    await stopServer(server);
  }
  const template = TEMPLATE ?? (await prepareTemplate(POSTS, PORT + 50));
  const loadBefore = loadAvg();
  const results = [await measure('pglite', template, 0), await measure('postgres', template, 1)];
  if (!TEMPLATE) rmSync(path.dirname(template), { recursive: true, force: true });
  const loadAfter = loadAvg();

  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const each = (f: (r: Figures) => string | number) => results.map(f);
  const rps = (r: LoadResult) => round(r.requestsPerSec, 1);
  const p95 = (r: LoadResult) => round(r.latencyMs.p95, 0);
  const share = (r: Figures, l: LoadResult) => l.requestsPerSec / Math.max(1, r.trivial.requestsPerSec);
  const cpu = (m: Measured) => m.cpuMsPerRequest + m.dbCpuMsPerRequest;
  const cpuText = (m: Measured) =>
    m.dbCpuMsPerRequest > 0 ? `${round(m.cpuMsPerRequest, 1)} + ${round(m.dbCpuMsPerRequest, 1)}` : `${round(m.cpuMsPerRequest, 1)}`;
  const all = (ok: (r: Figures) => boolean) => verdict(results.every(ok));
  const medianRps = (loads: LoadResult[]) => median(loads.map((l) => l.requestsPerSec));
  const medianText = (loads: LoadResult[]) => {
    const rates = loads.map((l) => l.requestsPerSec);
    return `${round(medianRps(loads), 0)} (${round(Math.min(...rates), 0)}–${round(Math.max(...rates), 0)})`;
  };
  const refusedShare = (r: Figures) => medianRps(r.visitorWhileRefused) / Math.max(1, medianRps(r.visitorAlone));
  const pg = results[1]!;
  const rows: (string | number)[][] = [
    ['figure', 'PGlite', 'PostgreSQL', 'target', ''],
    ['trivial page, req/s (the yardstick)', ...each((r) => rps(r.trivial)), '', ''],
    [
      'board signed in, req/s (share of trivial)',
      ...each((r) => `${rps(r.board)} (${round(share(r, r.board) * 100, 0)} %)`),
      `PostgreSQL ≥ ${TARGETS.pageShareOfTrivial * 100} %`,
      verdict(share(pg, pg.board) >= TARGETS.pageShareOfTrivial),
    ],
    ['  p95 ms', ...each((r) => p95(r.board)), `≤ ${TARGETS.pageP95Ms}`, all((r) => r.board.latencyMs.p95 <= TARGETS.pageP95Ms)],
    [
      '  CPU ms per page (app + PostgreSQL)',
      ...each((r) => cpuText(r.board)),
      `≤ ${TARGETS.cpuMsPerPage}`,
      all((r) => cpu(r.board) <= TARGETS.cpuMsPerPage),
    ],
    [
      'board, 50 different members, req/s (share)',
      ...each((r) => `${rps(r.boardMembers)} (${round(share(r, r.boardMembers) * 100, 0)} %)`),
      `PostgreSQL ≥ ${TARGETS.pageShareOfTrivial * 100} %`,
      verdict(share(pg, pg.boardMembers) >= TARGETS.pageShareOfTrivial),
    ],
    [
      '  p95 ms',
      ...each((r) => p95(r.boardMembers)),
      `≤ ${TARGETS.pageP95Ms}`,
      all((r) => r.boardMembers.latencyMs.p95 <= TARGETS.pageP95Ms),
    ],
    [
      '  CPU ms per page',
      ...each((r) => cpuText(r.boardMembers)),
      `≤ ${TARGETS.cpuMsPerPage}`,
      all((r) => cpu(r.boardMembers) <= TARGETS.cpuMsPerPage),
    ],
    [
      'post signed in, req/s (share)',
      ...each((r) => `${rps(r.post)} (${round(share(r, r.post) * 100, 0)} %)`),
      `PostgreSQL ≥ ${TARGETS.pageShareOfTrivial * 100} %`,
      verdict(share(pg, pg.post) >= TARGETS.pageShareOfTrivial),
    ],
    ['  p95 ms', ...each((r) => p95(r.post)), `≤ ${TARGETS.pageP95Ms}`, all((r) => r.post.latencyMs.p95 <= TARGETS.pageP95Ms)],
    ['  CPU ms per page', ...each((r) => cpuText(r.post)), `≤ ${TARGETS.cpuMsPerPage}`, all((r) => cpu(r.post) <= TARGETS.cpuMsPerPage)],
    [
      'board signed in while 8 members vote, p95 ms',
      ...each((r) => `${p95(r.boardWhileVoting)} (${rps(r.boardWhileVoting)} req/s)`),
      `≤ ${TARGETS.pageP95WhileVotingMs}`,
      all((r) => r.boardWhileVoting.latencyMs.p95 <= TARGETS.pageP95WhileVotingMs),
    ],
    [
      '  votes answered (non-2xx); posts miscounted after',
      ...each((r) => `${r.votes.totalRequests} (${r.votes.non2xx}); ${r.miscounted}`),
      '0 miscounted',
      all((r) => r.miscounted === 0),
    ],
    ['visitor board page alone, req/s (median of 3; range)', ...each((r) => medianText(r.visitorAlone)), '', ''],
    [
      '  while refused anonymous writes arrive (share)',
      ...each((r) => `${medianText(r.visitorWhileRefused)} (${round(refusedShare(r) * 100, 0)} %)`),
      `≥ ${TARGETS.visitorShareWhileRefused * 100} %`,
      all((r) => refusedShare(r) >= TARGETS.visitorShareWhileRefused),
    ],
    [
      '  refused writes sent (statuses)',
      ...each((r) => {
        const statuses: Record<string, number> = {};
        for (const l of r.refused) for (const [k, n] of Object.entries(l.statusCodes)) statuses[k] = (statuses[k] ?? 0) + n;
        return `${r.refused.reduce((n, l) => n + l.totalRequests, 0)} ${JSON.stringify(statuses)}`;
      }),
      '',
      '',
    ],
    [
      'a different search every request, req/s',
      ...each((r) => `${rps(r.searchUncached)} (p95 ${p95(r.searchUncached)} ms)`),
      `≥ ${TARGETS.uncachedSearchRps.pglite} / ${TARGETS.uncachedSearchRps.postgres}`,
      all((r) => r.searchUncached.requestsPerSec >= TARGETS.uncachedSearchRps[r.driver]),
    ],
  ];
  console.log(`\nPages on both databases: ${CONNECTIONS} connections, ${DURATION} s per load, ${POSTS} posts, ${os.cpus().length} cores`);
  console.log(table(rows));
  console.log(`load average before ${formatLoad(loadBefore)}, after ${formatLoad(loadAfter)}`);
  const file = writeResult('scale-path', {
    name: 'scale-path',
    environment: environmentInfo(),
    loadAverage: { before: loadBefore, after: loadAfter },
    settings: { durationSec: DURATION, warmupSec: WARMUP, connections: CONNECTIONS, posts: POSTS },
    targets: TARGETS,
    results,
  });
  console.log(`wrote ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

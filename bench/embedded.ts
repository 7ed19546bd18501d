/**
 * The embedded default next to PostgreSQL (issue 10), side by side in one run, on the same
 * 10,000-post demo workspace:
 *
 *  - cold start with an EXISTING data directory / database: spawn to the first 200 on the board;
 *  - RSS 10 s after start, after the loads, and 30 s after them (all processes of the server);
 *  - the board and post pages signed in (as the admin, who also gets the team's extras), 50
 *    connections: req/s, p50/p95, and CPU per request of the server process (all threads: on
 *    PGlite that includes the database's worker thread) plus, on PostgreSQL, of its server
 *    processes; then the board page again with every request from one of 50 different demo
 *    members (sessions written into the database: the first 50 members, some with a private
 *    board granted or a pending post of their own, as a real crowd has);
 *  - search, GET /api/v1/posts?q=export, 50 connections, while 5 more connections read the
 *    visitors' cached board page (its p95 is the other figure); then the same with every request
 *    a different search (random word pairs), which no cache can answer;
 *
 * Rounds are interleaved (PGlite, PostgreSQL, PGlite, …) and the medians reported. Before the
 * loads the script waits until no background job is due (the insights refresh after a seed).
 *
 *   node --import tsx bench/embedded.ts --database-url postgres://… [--data-dir <seeded PGlite dir>]
 *       [--rounds 3] [--duration 10] [--warmup 3] [--connections 50] [--posts 10000] [--port 3701]
 *
 * Without --data-dir the script seeds a PGlite template first (a few minutes); the database at
 * --database-url is seeded when it is empty. Each PGlite round runs on a fresh copy of the template.
 */
import { cpSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AutocannonRequest } from 'autocannon';
import { memberCookies, prepareTemplate, signedInLoad, signIn, sleep, waitForIdleJobs } from './lib/demo';
import { runLoad, type LoadResult } from './lib/load';
import { SEARCH_WORDS, seedDemoData } from './lib/seed';
import {
  argValue,
  childPids,
  ensureBuild,
  environmentInfo,
  formatLoad,
  loadAvg,
  median,
  readyStartupMs,
  round,
  rssMb,
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
const ROUNDS = Number(argValue('rounds') ?? 3);
const DURATION = Number(argValue('duration') ?? 10);
const WARMUP = Number(argValue('warmup') ?? 3);
const CONNECTIONS = Number(argValue('connections') ?? 50);
const POSTS = Number(argValue('posts') ?? 10_000);
const PORT = Number(argValue('port') ?? 3701);
const BOARD = '/b/feature-requests';
const SEARCH = '/api/v1/posts?q=export';
const TARGETS = {
  pageRatio: 0.7,
  pageP95Ms: 400,
  boardCpuMs: 15,
  searchRps: 150,
  searchP95Ms: 300,
  visitorP95Ms: 50,
  coldStartMs: 2000,
  idleRssMb: 400,
};

type Driver = 'pglite' | 'postgres';

interface Round {
  driver: Driver;
  coldStartMs: number;
  readyStartupMs?: number;
  rss10sMb: number;
  board: LoadResult & { cpuMsPerRequest: number; dbCpuMsPerRequest: number };
  boardMembers: LoadResult & { cpuMsPerRequest: number; dbCpuMsPerRequest: number };
  post: LoadResult & { cpuMsPerRequest: number; dbCpuMsPerRequest: number };
  search: LoadResult;
  visitorDuringSearch: LoadResult;
  searchUncached: LoadResult;
  visitorDuringUncached: LoadResult;
  rssAfterLoadMb: number;
  rssIdleAfterMb: number;
}

/** RSS of the server and its children (a PGlite worker thread is inside the process). */
const treeRss = (pid: number) => [pid, ...childPids(pid)].reduce((sum, p) => sum + rssMb(p), 0);

const pageLoad = (server: RunningServer, pathname: string, cookie: string | string[]) =>
  signedInLoad(server, pathname, Array.isArray(cookie) ? cookie : [cookie], {
    connections: CONNECTIONS,
    durationSec: DURATION,
    warmupSec: WARMUP,
  });

/** A search load with a cached visitor page read beside it. */
async function searchWithVisitors(server: RunningServer, uncached: boolean) {
  const word = () => SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)];
  const random = () => `${word()} ${word()} ${Math.floor(Math.random() * 1e6)}`;
  const requests: AutocannonRequest[] | undefined = uncached
    ? [{ setupRequest: (req) => ({ ...req, path: `/api/v1/posts?q=${encodeURIComponent(random())}` }) }]
    : undefined;
  await runLoad({ url: server.url + BOARD, connections: 1, durationSec: 1 }); // the visitors' copy exists
  if (WARMUP > 0 && !uncached) await runLoad({ url: server.url + SEARCH, connections: CONNECTIONS, durationSec: WARMUP });
  const [search, visitor] = await Promise.all([
    runLoad({ url: server.url + SEARCH, connections: CONNECTIONS, durationSec: DURATION, requests }),
    runLoad({ url: server.url + BOARD, connections: 5, durationSec: DURATION }),
  ]);
  return { search, visitor };
}

async function measure(driver: Driver, template: string | undefined, index: number): Promise<Round> {
  const dataDir = driver === 'pglite' ? tempDataDir(`embedded-${index}`) : undefined;
  if (dataDir) cpSync(template!, dataDir, { recursive: true });
  const server = await startServer({
    port: PORT + index,
    dataDir,
    databaseUrl: driver === 'postgres' ? DATABASE_URL : undefined,
    env: { CHORUS_RATE_LIMIT_MULTIPLIER: '1000' },
  });
  try {
    const first = await waitFor200(server, BOARD, 180_000, 10);
    const coldStartMs = first - server.spawnedAt;
    await sleep(Math.max(0, 10_000 - (performance.now() - server.spawnedAt)));
    const rss10sMb = treeRss(server.pid);
    const jobsUrl = driver === 'postgres' ? DATABASE_URL! : embeddedSocketUrl(dataDir!);
    if (jobsUrl) await waitForIdleJobs(jobsUrl);
    const cookie = await signIn(server.url);
    const board = await pageLoad(server, BOARD, cookie);
    const boardMembers = await pageLoad(server, BOARD, await memberCookies(jobsUrl!, 50));
    const post = await pageLoad(server, '/p/3600', cookie);
    const cached = await searchWithVisitors(server, false);
    const uncached = await searchWithVisitors(server, true);
    const rssAfterLoadMb = treeRss(server.pid);
    await sleep(30_000);
    const rssIdleAfterMb = treeRss(server.pid);
    const row: Round = {
      driver,
      coldStartMs,
      readyStartupMs: readyStartupMs(server.logFile),
      rss10sMb,
      board,
      boardMembers,
      post,
      search: cached.search,
      visitorDuringSearch: cached.visitor,
      searchUncached: uncached.search,
      visitorDuringUncached: uncached.visitor,
      rssAfterLoadMb,
      rssIdleAfterMb,
    };
    console.log(
      `  ${driver} round ${Math.floor(index / 2) + 1}: cold ${round(coldStartMs, 0)} ms, board ${round(board.requestsPerSec, 1)} req/s ` +
        `p95 ${round(board.latencyMs.p95, 0)} ms ${round(board.cpuMsPerRequest + board.dbCpuMsPerRequest, 1)} ms CPU, ` +
        `50 members ${round(boardMembers.requestsPerSec, 1)} req/s p95 ${round(boardMembers.latencyMs.p95, 0)} ms, ` +
        `post ${round(post.requestsPerSec, 1)} req/s, search ${round(cached.search.requestsPerSec, 1)} req/s ` +
        `(visitor p95 ${round(cached.visitor.latencyMs.p95, 1)} ms), uncached search ${round(uncached.search.requestsPerSec, 1)} req/s, ` +
        `RSS ${round(rss10sMb, 0)} → ${round(rssAfterLoadMb, 0)} → ${round(rssIdleAfterMb, 0)} MB; load ${formatLoad(loadAvg())}`,
    );
    return row;
  } finally {
    await stopServer(server);
    if (dataDir) rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
}

async function main() {
  if (!DATABASE_URL) throw new Error('--database-url is required: the figures are PGlite next to PostgreSQL');
  ensureBuild();
  const seeded = seedDemoData({ posts: POSTS, databaseUrl: DATABASE_URL });
  if (seeded) {
    const server = await startServer({ port: PORT + 51, databaseUrl: DATABASE_URL });
    await waitFor200(server, '/api/health', 180_000, 100);
    await waitForIdleJobs(DATABASE_URL);
    await stopServer(server);
  }
  const template = TEMPLATE ?? (await prepareTemplate(POSTS, PORT + 50));
  const loadBefore = loadAvg();
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    rounds.push(await measure('pglite', template, i * 2));
    rounds.push(await measure('postgres', template, i * 2 + 1));
  }
  if (!TEMPLATE) rmSync(path.dirname(template), { recursive: true, force: true });
  const loadAfter = loadAvg();

  const med = (driver: Driver, pick: (r: Round) => number) => median(rounds.filter((r) => r.driver === driver).map(pick));
  const both = (pick: (r: Round) => number, digits = 1) => [round(med('pglite', pick), digits), round(med('postgres', pick), digits)];
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const ratio = (pick: (r: Round) => number) => med('pglite', pick) / med('postgres', pick);
  const boardCpu = med('pglite', (r) => r.board.cpuMsPerRequest);
  const rows: (string | number)[][] = [
    ['figure (medians)', 'PGlite', 'PostgreSQL', 'target', ''],
    [
      'board signed in, req/s',
      ...both((r) => r.board.requestsPerSec),
      `PGlite ≥ ${TARGETS.pageRatio * 100}% of PostgreSQL`,
      `${round(ratio((r) => r.board.requestsPerSec) * 100, 0)}% ${verdict(ratio((r) => r.board.requestsPerSec) >= TARGETS.pageRatio)}`,
    ],
    [
      'board signed in, p95 ms',
      ...both((r) => r.board.latencyMs.p95, 0),
      `≤ ${TARGETS.pageP95Ms}`,
      verdict(med('pglite', (r) => r.board.latencyMs.p95) <= TARGETS.pageP95Ms),
    ],
    [
      'board signed in, CPU ms/request (app; +PostgreSQL)',
      round(boardCpu, 1),
      `${round(
        med('postgres', (r) => r.board.cpuMsPerRequest),
        1,
      )} + ${round(
        med('postgres', (r) => r.board.dbCpuMsPerRequest),
        1,
      )}`,
      `≤ ${TARGETS.boardCpuMs}`,
      verdict(boardCpu <= TARGETS.boardCpuMs),
    ],
    [
      'board, 50 different members, req/s',
      ...both((r) => r.boardMembers.requestsPerSec),
      `PGlite ≥ ${TARGETS.pageRatio * 100}% of PostgreSQL`,
      `${round(ratio((r) => r.boardMembers.requestsPerSec) * 100, 0)}% ${verdict(ratio((r) => r.boardMembers.requestsPerSec) >= TARGETS.pageRatio)}`,
    ],
    [
      'board, 50 different members, p95 ms',
      ...both((r) => r.boardMembers.latencyMs.p95, 0),
      `≤ ${TARGETS.pageP95Ms}`,
      verdict(med('pglite', (r) => r.boardMembers.latencyMs.p95) <= TARGETS.pageP95Ms),
    ],
    [
      'board, 50 different members, CPU ms/request (app; +PostgreSQL)',
      round(
        med('pglite', (r) => r.boardMembers.cpuMsPerRequest),
        1,
      ),
      `${round(
        med('postgres', (r) => r.boardMembers.cpuMsPerRequest),
        1,
      )} + ${round(
        med('postgres', (r) => r.boardMembers.dbCpuMsPerRequest),
        1,
      )}`,
      `≤ ${TARGETS.boardCpuMs}`,
      verdict(med('pglite', (r) => r.boardMembers.cpuMsPerRequest) <= TARGETS.boardCpuMs),
    ],
    [
      'post signed in, req/s',
      ...both((r) => r.post.requestsPerSec),
      `PGlite ≥ ${TARGETS.pageRatio * 100}% of PostgreSQL`,
      `${round(ratio((r) => r.post.requestsPerSec) * 100, 0)}% ${verdict(ratio((r) => r.post.requestsPerSec) >= TARGETS.pageRatio)}`,
    ],
    [
      'post signed in, p95 ms',
      ...both((r) => r.post.latencyMs.p95, 0),
      `≤ ${TARGETS.pageP95Ms}`,
      verdict(med('pglite', (r) => r.post.latencyMs.p95) <= TARGETS.pageP95Ms),
    ],
    [
      'post signed in, CPU ms/request (app; +PostgreSQL)',
      round(
        med('pglite', (r) => r.post.cpuMsPerRequest),
        1,
      ),
      `${round(
        med('postgres', (r) => r.post.cpuMsPerRequest),
        1,
      )} + ${round(
        med('postgres', (r) => r.post.dbCpuMsPerRequest),
        1,
      )}`,
      '',
      '',
    ],
    [
      `search ${SEARCH}, req/s`,
      ...both((r) => r.search.requestsPerSec),
      `≥ ${TARGETS.searchRps}`,
      verdict(med('pglite', (r) => r.search.requestsPerSec) >= TARGETS.searchRps),
    ],
    [
      'search, p95 ms',
      ...both((r) => r.search.latencyMs.p95, 0),
      `≤ ${TARGETS.searchP95Ms}`,
      verdict(med('pglite', (r) => r.search.latencyMs.p95) <= TARGETS.searchP95Ms),
    ],
    [
      'visitor board page during search, p95 ms',
      ...both((r) => r.visitorDuringSearch.latencyMs.p95),
      `< ${TARGETS.visitorP95Ms}`,
      verdict(med('pglite', (r) => r.visitorDuringSearch.latencyMs.p95) < TARGETS.visitorP95Ms),
    ],
    ['search, every request a new query, req/s', ...both((r) => r.searchUncached.requestsPerSec), '(no cache can help)', ''],
    ['  its p95 ms', ...both((r) => r.searchUncached.latencyMs.p95, 0), '', ''],
    [
      'visitor board page during it, p95 ms',
      ...both((r) => r.visitorDuringUncached.latencyMs.p95),
      `< ${TARGETS.visitorP95Ms}`,
      verdict(med('pglite', (r) => r.visitorDuringUncached.latencyMs.p95) < TARGETS.visitorP95Ms),
    ],
    [
      'cold start, existing data, to first 200 on the board, ms',
      ...both((r) => r.coldStartMs, 0),
      `≤ ${TARGETS.coldStartMs}`,
      verdict(
        Math.max(
          med('pglite', (r) => r.coldStartMs),
          med('postgres', (r) => r.coldStartMs),
        ) <= TARGETS.coldStartMs,
      ),
    ],
    ['  the server’s own startupMs (ready line)', ...both((r) => r.readyStartupMs ?? NaN, 0), '', ''],
    [
      'RSS 10 s after start, MB',
      ...both((r) => r.rss10sMb, 0),
      `≤ ${TARGETS.idleRssMb} (PGlite)`,
      verdict(med('pglite', (r) => r.rss10sMb) <= TARGETS.idleRssMb),
    ],
    ['RSS after the loads, MB', ...both((r) => r.rssAfterLoadMb, 0), '', ''],
    [
      'RSS 30 s later, MB',
      ...both((r) => r.rssIdleAfterMb, 0),
      `≤ ${TARGETS.idleRssMb} (PGlite)`,
      verdict(med('pglite', (r) => r.rssIdleAfterMb) <= TARGETS.idleRssMb),
    ],
  ];
  console.log(
    `\nEmbedded PGlite next to PostgreSQL: ${ROUNDS} interleaved rounds, ${CONNECTIONS} connections, ${DURATION} s per load, ${os.cpus().length} cores`,
  );
  console.log(table(rows));
  console.log(`load average before ${formatLoad(loadBefore)}, after ${formatLoad(loadAfter)}`);
  const file = writeResult('embedded', {
    name: 'embedded',
    environment: environmentInfo(),
    loadAverage: { before: loadBefore, after: loadAfter },
    settings: { rounds: ROUNDS, durationSec: DURATION, warmupSec: WARMUP, connections: CONNECTIONS, posts: POSTS },
    targets: TARGETS,
    rounds,
  });
  console.log(`wrote ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

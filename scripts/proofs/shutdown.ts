/**
 * Graceful shutdown proof (issue 21): `npm run proof:shutdown`.
 *
 * The production server (`node scripts/start.mjs`) takes a mixed load over 50 keep-alive
 * connections (autocannon): visitors reading a board page, a post page and the post list API;
 * signed-in members rendering the board page, reading a post, and voting and unvoting (each vote
 * enqueues background jobs). After `--load-ms` of load the server gets SIGTERM while the load
 * goes on; once the server has exited the load stops, and the proof checks:
 *  - no answer had a 5xx status (a connection refused after the server stopped listening is the
 *    expected answer: a balancer sends that request to another instance);
 *  - the server exited 0 by itself, and logged nothing at error level (a request or a job that
 *    met a closed database logs there);
 *  - in the database afterwards, no job carries an attempt or an error: every job the server
 *    claimed finished before it closed the database, and the jobs enqueued by the last requests
 *    wait unclaimed for the next start (or another instance);
 *  - the signal met work in progress: answers arrived after it.
 *
 * Exits 1 when any check fails.
 *
 *   node --import tsx scripts/proofs/shutdown.ts [--port 3695] [--connections 50] [--load-ms 4000]
 *     [--database-url postgres://…]
 */
import { sql } from 'drizzle-orm';
import autocannon, { type AutocannonRequest, type Instance } from 'autocannon';
import { queryRows } from '@/server/db/client';
import { closeDatabase, openDatabase } from '@/server/db/open';
import {
  argValue,
  BENCH_ADMIN,
  ensureBuild,
  errorLogLines,
  removeTempDataDir,
  startServer,
  tempDataDir,
  waitForHealth,
} from '../../bench/lib/server';
import { Client, expectStatus } from './lib/client';

const PORT = Number(argValue('port') ?? 3695);
const CONNECTIONS = Number(argValue('connections') ?? 50);
const LOAD_MS = Number(argValue('load-ms') ?? 4000);
const DATABASE_URL = argValue('database-url');
const MEMBERS = 8;
const POSTS = 6;
/** The server's own deadline is 20 s plus 5 s to close the database; past this it has hung. */
const EXIT_LIMIT_MS = 40_000;
const SERVER_ENV = { CHORUS_RATE_LIMIT_MULTIPLIER: '1000' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function setUp(baseUrl: string, runTag: string) {
  const admin = new Client(baseUrl);
  const signIn = await admin.request('POST', '/api/v1/auth/sign-in', BENCH_ADMIN);
  expectStatus(signIn, 'admin sign-in', 200);
  admin.adoptCookie(signIn);
  const boardSlug = `shutdown-${runTag}`;
  expectStatus(await admin.request('POST', '/api/v1/boards', { name: `Shutdown ${runTag}`, slug: boardSlug }), 'create board', 201);
  const postNumbers: number[] = [];
  for (let i = 0; i < POSTS; i++) {
    const post = expectStatus(
      await admin.request<{ number: number }>('POST', '/api/v1/posts', { board: boardSlug, title: `Shutdown post ${i}`, body: 'Seeded.' }),
      'create a post',
      201,
    );
    postNumbers.push(post.number);
  }
  const cookies: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const member = new Client(baseUrl);
    const answer = await member.request('POST', '/api/v1/auth/sign-up', {
      displayName: `Shutdown member ${i}`,
      email: `shutdown-${runTag}-${i}@example.test`,
      password: 'shutdown proof password',
    });
    expectStatus(answer, 'sign up', 201);
    member.adoptCookie(answer);
    if (!member.cookie) throw new Error('sign up: no session cookie');
    cookies.push(member.cookie);
    member.close();
  }
  admin.close();
  return { boardSlug, postNumbers, cookies };
}

interface Tally {
  statuses: Record<string, number>;
  afterSignal: Record<string, number>;
  errors: Record<string, number>;
}

function load(url: string, connections: number, requests: AutocannonRequest[], tally: Tally, signalled: () => boolean): Instance {
  const instance = autocannon({ url, connections, duration: 120, timeout: 30, requests });
  instance.on('response', (_client, statusCode) => {
    const key = String(statusCode);
    tally.statuses[key] = (tally.statuses[key] ?? 0) + 1;
    if (signalled()) tally.afterSignal[key] = (tally.afterSignal[key] ?? 0) + 1;
  });
  instance.on('reqError', (err: unknown) => {
    const e = err as { code?: string; message?: string };
    const kind = `${e.code ?? e.message ?? String(err)}${signalled() ? ' (after the signal)' : ''}`;
    tally.errors[kind] = (tally.errors[kind] ?? 0) + 1;
  });
  return instance;
}

async function main() {
  ensureBuild();
  const started = performance.now();
  const runTag = Date.now().toString(36);
  // On a PostgreSQL database that earlier runs used, only this run's jobs count.
  const since = new Date(Date.now() - 1000);
  const dataDir = DATABASE_URL ? undefined : tempDataDir('shutdown');
  const server = await startServer({ port: PORT, ...(DATABASE_URL ? { databaseUrl: DATABASE_URL } : { dataDir }), env: SERVER_ENV });
  await waitForHealth(server);
  const ws = await setUp(server.url, runTag);
  console.log(`shutdown proof: ${CONNECTIONS} connections, SIGTERM after ${LOAD_MS} ms of load, board /b/${ws.boardSlug}`);

  const origin = server.url;
  let nextCookie = 0;
  let nextPost = 0;
  const post = () => ws.postNumbers[nextPost++ % ws.postNumbers.length]!;
  const board = `/b/${ws.boardSlug}`;
  const visitor: AutocannonRequest[] = [
    { method: 'GET', path: board },
    { method: 'GET', path: `/api/v1/posts?board=${ws.boardSlug}` },
    { method: 'GET', setupRequest: (req) => ({ ...req, path: `/p/${post()}` }) },
  ];
  // One member per pass through the list: the board page rendered for them, a post, a vote and its withdrawal.
  const member: AutocannonRequest[] = [
    {
      method: 'GET',
      path: board,
      setupRequest: (req, context) => {
        context.cookie = ws.cookies[nextCookie++ % ws.cookies.length];
        context.post = post();
        return { ...req, headers: { cookie: String(context.cookie) } };
      },
    },
    {
      method: 'PUT',
      setupRequest: (req, context) => ({
        ...req,
        path: `/api/v1/posts/${String(context.post)}/vote`,
        headers: { cookie: String(context.cookie), origin },
      }),
    },
    {
      method: 'GET',
      setupRequest: (req, context) => ({ ...req, path: `/api/v1/posts/${String(context.post)}`, headers: { cookie: String(context.cookie) } }),
    },
    {
      method: 'DELETE',
      setupRequest: (req, context) => ({
        ...req,
        path: `/api/v1/posts/${String(context.post)}/vote`,
        headers: { cookie: String(context.cookie), origin },
      }),
    },
  ];

  const tally: Tally = { statuses: {}, afterSignal: {}, errors: {} };
  let signalledAt: number | undefined;
  const signalled = () => signalledAt !== undefined;
  const visitorConnections = Math.round(CONNECTIONS * 0.4);
  const instances = [
    load(server.url, visitorConnections, visitor, tally, signalled),
    load(server.url, CONNECTIONS - visitorConnections, member, tally, signalled),
  ];
  await sleep(LOAD_MS);
  signalledAt = performance.now();
  server.child.kill('SIGTERM');
  const hung = setTimeout(() => server.child.kill('SIGKILL'), EXIT_LIMIT_MS);
  const exit = await server.exited;
  clearTimeout(hung);
  const exitMs = Math.round(performance.now() - signalledAt);
  for (const instance of instances) instance.stop();
  await Promise.all(instances.map((i) => new Promise((resolve) => i.then(resolve, resolve))));

  const errorLines = errorLogLines(server.logFile);
  await openDatabase(DATABASE_URL ? { databaseUrl: DATABASE_URL } : { dataDir });
  let jobs: { kind: string; attempts: number; last_error: string | null }[];
  let waiting: number;
  try {
    jobs = await queryRows(sql`select kind, attempts, last_error from jobs
      where (attempts > 0 or last_error is not null) and created_at >= ${since}`);
    [{ waiting }] = await queryRows<{ waiting: number }>(sql`select count(*)::int as waiting from jobs where attempts = 0 and created_at >= ${since}`);
  } finally {
    await closeDatabase();
  }
  if (dataDir) removeTempDataDir(dataDir);

  const fiveHundreds = Object.entries(tally.statuses).filter(([s]) => Number(s) >= 500);
  const answeredAfter = Object.values(tally.afterSignal).reduce((a, b) => a + b, 0);
  console.log(`answers: ${JSON.stringify(tally.statuses)}; after the signal: ${JSON.stringify(tally.afterSignal)}`);
  console.log(`connection errors: ${JSON.stringify(tally.errors)}`);
  console.log(`server: exit ${exit.code ?? exit.signal} ${exitMs} ms after SIGTERM; error log lines: ${errorLines.length}`);
  for (const line of errorLines.slice(0, 5)) console.log(`  ${line.slice(0, 400)}`);
  console.log(`jobs afterwards: ${jobs.length} claimed or failed, ${waiting} waiting unclaimed`);
  for (const job of jobs.slice(0, 5)) console.log(`  ${JSON.stringify(job)}`);

  const failures = [
    fiveHundreds.length > 0 && `5xx answers: ${JSON.stringify(Object.fromEntries(fiveHundreds))}`,
    exit.code !== 0 && `the server did not exit 0 (${exit.code ?? exit.signal})`,
    errorLines.length > 0 && `${errorLines.length} error log lines`,
    jobs.length > 0 && `${jobs.length} jobs left claimed or failed`,
    answeredAfter === 0 && 'no answer arrived after the signal: it met no work in progress, so this run proves nothing',
  ].filter(Boolean);
  console.log(`proof time: ${Math.round((performance.now() - started) / 100) / 10} s (server start to checks, after the build check)`);
  if (failures.length > 0) {
    console.log(`FAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log('PASSED: no 5xx, a clean exit, nothing logged at error level, no job left claimed or failed');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

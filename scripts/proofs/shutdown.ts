/**
 * Graceful shutdown proof (issue 21): `npm run proof:shutdown`.
 *
 * The production server (`node scripts/start.mjs`) takes a mixed load from 50 clients, each with
 * one keep-alive connection at a time, one request after another: visitors reading a board page,
 * a post page and the post list API; signed-in members rendering the board page, voting, reading
 * the post and withdrawing the vote (each vote enqueues background jobs). After `--load-ms` of
 * load the server gets SIGTERM while the load goes on; each client stops when a new connection is
 * refused (the server no longer listens). Then the proof checks:
 *  - no answer had a 5xx status, and no request was cut (a reset, or an answer that stopped half
 *    way): a connection refused after the server stopped listening is the expected answer, which
 *    a balancer retries on another instance;
 *  - the server exited 0 by itself, and logged nothing at error level (a request or a job that
 *    met a closed database logs there);
 *  - in the database afterwards, no job carries an attempt or an error: every job the server
 *    claimed finished before it closed the database, and the jobs enqueued by the last requests
 *    wait unclaimed for the next start (or another instance);
 *  - the signal met work in progress: requests were in progress at the signal and answered after it.
 *
 * The clients are Node's HTTP agent (scripts/proofs/lib/client.ts), which, like browsers and
 * balancers, opens a new connection after an answer with `Connection: close`. (autocannon does
 * not: it writes its next request on the closing connection, and counts the reset that follows.)
 *
 * Exits 1 when any check fails.
 *
 *   node --import tsx scripts/proofs/shutdown.ts [--port 3695] [--connections 50] [--load-ms 4000]
 *     [--database-url postgres://…]
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
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
import { Client, expectStatus, type Answer } from './lib/client';

const PORT = Number(argValue('port') ?? 3695);
const CONNECTIONS = Number(argValue('connections') ?? 50);
const LOAD_MS = Number(argValue('load-ms') ?? 4000);
const DATABASE_URL = argValue('database-url');
const MEMBERS = 5;
const POSTS = 5;
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
  cutSamples: string[];
}

type Step = () => { method: string; path: string };

/** One client: the steps in turn, one request at a time, until a connection is refused after the signal. */
async function runClient(client: Client, steps: Step[], tally: Tally, signalledAt: () => number): Promise<void> {
  const signalled = () => signalledAt() > 0;
  for (let i = 0; ; i++) {
    const { method, path } = steps[i % steps.length]!();
    const sentAt = performance.now();
    const answer: Answer<unknown> = await client.request(method, path);
    const after = signalled();
    if (answer.status !== undefined) {
      const key = String(answer.status);
      tally.statuses[key] = (tally.statuses[key] ?? 0) + 1;
      if (after) tally.afterSignal[key] = (tally.afterSignal[key] ?? 0) + 1;
      continue;
    }
    const kind = `${answer.error ?? 'no answer'}${after ? ' (after the signal)' : ''}`;
    tally.errors[kind] = (tally.errors[kind] ?? 0) + 1;
    if (answer.error !== 'ECONNREFUSED' && tally.cutSamples.length < 10) {
      tally.cutSamples.push(`${method} ${path}: ${kind}, sent ${Math.round(sentAt - signalledAt())} ms after the signal`);
    }
    if (after && answer.error === 'ECONNREFUSED') return;
    // A failure before the signal: a pause, so a broken server does not spin the client.
    if (!after) await sleep(100);
  }
}

/** The requests in progress when the signal came, from the server's 'shutting down' log line. */
function requestsAtSignal(logFile: string): number | undefined {
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('shutting down')) continue;
    try {
      return (JSON.parse(line) as { requests?: number }).requests;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** This run's jobs, read through a direct connection once the server has exited. */
async function readJobs(target: { dataDir?: string; databaseUrl?: string }, since: Date) {
  await openDatabase(target);
  try {
    const jobs = await queryRows<{ kind: string; attempts: number; last_error: string | null }>(sql`
      select kind, attempts, last_error from jobs
      where (attempts > 0 or last_error is not null) and created_at >= ${since}`);
    const [row] = await queryRows<{ waiting: number }>(
      sql`select count(*)::int as waiting from jobs where attempts = 0 and created_at >= ${since}`,
    );
    return { jobs, waiting: Number(row?.waiting ?? 0) };
  } finally {
    await closeDatabase();
  }
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
  const upMs = performance.now() - started;
  const ws = await setUp(server.url, runTag);
  // Each page and API read once before the load: the signal should meet a backlog, not first renders.
  const warm = new Client(server.url);
  warm.cookie = ws.cookies[0];
  for (const path of [`/b/${ws.boardSlug}`, `/p/${ws.postNumbers[0]}`, `/api/v1/posts/${ws.postNumbers[0]}`])
    await warm.request('GET', path);
  warm.cookie = undefined;
  for (const path of [`/b/${ws.boardSlug}`, `/p/${ws.postNumbers[0]}`, `/api/v1/posts?board=${ws.boardSlug}`])
    await warm.request('GET', path);
  warm.close();
  console.log(
    `shutdown proof: server up in ${Math.round(upMs)} ms, set up and warmed in ${Math.round(performance.now() - started - upMs)} ms; ` +
      `${CONNECTIONS} connections, SIGTERM after ${LOAD_MS} ms of load, board /b/${ws.boardSlug}`,
  );

  let nextPost = 0;
  const post = () => ws.postNumbers[nextPost++ % ws.postNumbers.length]!;
  const board = `/b/${ws.boardSlug}`;
  const visitorSteps: Step[] = [
    () => ({ method: 'GET', path: board }),
    () => ({ method: 'GET', path: `/api/v1/posts?board=${ws.boardSlug}` }),
    () => ({ method: 'GET', path: `/p/${post()}` }),
  ];
  // Each member: the board page rendered for them, then a vote on a post, the post, and the vote withdrawn.
  const memberSteps = (): Step[] => {
    let number = post();
    return [
      () => {
        number = post();
        return { method: 'GET', path: board };
      },
      () => ({ method: 'PUT', path: `/api/v1/posts/${number}/vote` }),
      () => ({ method: 'GET', path: `/api/v1/posts/${number}` }),
      () => ({ method: 'DELETE', path: `/api/v1/posts/${number}/vote` }),
    ];
  };

  const tally: Tally = { statuses: {}, afterSignal: {}, errors: {}, cutSamples: [] };
  /** performance.now() at SIGTERM; 0 before. */
  let signalledAt = 0;
  const visitors = Math.round(CONNECTIONS * 0.4);
  const clients = Array.from({ length: CONNECTIONS }, (_, i) => {
    const client = new Client(server.url);
    if (i >= visitors) client.cookie = ws.cookies[i % ws.cookies.length];
    return client;
  });
  const running = clients.map((client, i) => runClient(client, i < visitors ? visitorSteps : memberSteps(), tally, () => signalledAt));
  await sleep(LOAD_MS);
  signalledAt = performance.now();
  server.child.kill('SIGTERM');
  const hung = setTimeout(() => server.child.kill('SIGKILL'), EXIT_LIMIT_MS);
  const exit = await server.exited;
  clearTimeout(hung);
  const exitMs = Math.round(performance.now() - signalledAt);
  await Promise.all(running);
  for (const client of clients) client.close();

  const errorLines = errorLogLines(server.logFile);
  const inFlightAtSignal = requestsAtSignal(server.logFile);
  const { jobs, waiting } = await readJobs(DATABASE_URL ? { databaseUrl: DATABASE_URL } : { dataDir }, since);
  if (dataDir) removeTempDataDir(dataDir);

  const fiveHundreds = Object.entries(tally.statuses).filter(([s]) => Number(s) >= 500);
  const cut = Object.entries(tally.errors).filter(([kind]) => !kind.startsWith('ECONNREFUSED'));
  const answeredAfter = Object.values(tally.afterSignal).reduce((a, b) => a + b, 0);
  console.log(`answers: ${JSON.stringify(tally.statuses)}; after the signal: ${JSON.stringify(tally.afterSignal)}`);
  console.log(`connection errors: ${JSON.stringify(tally.errors)}`);
  for (const sample of tally.cutSamples) console.log(`  ${sample}`);
  console.log(
    `server: ${inFlightAtSignal ?? 'unknown'} requests in progress at SIGTERM; exit ${exit.code ?? exit.signal} ` +
      `${exitMs} ms after it; error log lines: ${errorLines.length}`,
  );
  for (const line of errorLines.slice(0, 5)) console.log(`  ${line.slice(0, 400)}`);
  console.log(`jobs afterwards: ${jobs.length} claimed or failed, ${waiting} waiting unclaimed`);
  for (const job of jobs.slice(0, 5)) console.log(`  ${JSON.stringify(job)}`);

  const failures = [
    fiveHundreds.length > 0 && `5xx answers: ${JSON.stringify(Object.fromEntries(fiveHundreds))}`,
    cut.length > 0 && `requests cut: ${JSON.stringify(Object.fromEntries(cut))}`,
    exit.code !== 0 && `the server did not exit 0 (${exit.code ?? exit.signal})`,
    errorLines.length > 0 && `${errorLines.length} error log lines`,
    jobs.length > 0 && `${jobs.length} jobs left claimed or failed`,
    (answeredAfter === 0 || !inFlightAtSignal) && 'the signal met no work in progress, so this run proves nothing',
  ].filter(Boolean);
  console.log(`proof time: ${Math.round((performance.now() - started) / 100) / 10} s (server start to checks, after the build check)`);
  if (failures.length > 0) {
    console.log(`FAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log('PASSED: no 5xx, no request cut, a clean exit, nothing logged at error level, no job left claimed or failed');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

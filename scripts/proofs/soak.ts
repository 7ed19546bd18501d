/**
 * Soak (issue 10, item 6): `npm run proof:soak`. Mixed traffic for `--minutes` (default 10) on
 * the production server (`node scripts/start.mjs`), on a seeded demo workspace: visitors'
 * pages, signed-in pages, search, votes, new posts and comments. Every `--sample-seconds`
 * (default 10) it samples:
 *  - RSS: VmRSS summed over the server's process and all its descendants;
 *  - the database's size: the PGlite data directory on disk (allocated blocks), or
 *    pg_database_size() on PostgreSQL;
 *  - open handles: entries of /proc/<pid>/fd over the same processes;
 *  - log lines at level ≥ 50 (pino's error and fatal) so far.
 * It reports first/last/max and a least-squares slope per minute of each series (also over the
 * second half of the run alone, to tell warm-up from a leak), and judges
 * each "flat" by a stated rule: the last minute's average is within a tolerance of the second
 * minute's (the first minute is warm-up): RSS +15 %, open handles +10 %, database size +10 %.
 * Error lines must stay 0. Exits 1 when a series is not flat or an error was logged.
 *
 *   node --import tsx scripts/proofs/soak.ts [--minutes 10] [--database-url …] [--port 3693]
 *     [--posts 2000] [--visitors 8] [--members 8] [--sample-seconds 10]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  argValue,
  ensureBuild,
  environmentInfo,
  loadAvg,
  removeTempDataDir,
  round,
  startServer,
  stopServer,
  table,
  tempDataDir,
  waitForHealth,
  writeResult,
  errorLogLines,
} from '../../bench/lib/server';
import { seedDemoData } from '../../bench/lib/seed';
import { Client, expectStatus } from './lib/client';
import { prng } from './lib/workload';

const MINUTES = Number(argValue('minutes') ?? 10);
const DATABASE_URL = argValue('database-url');
const PORT = Number(argValue('port') ?? 3693);
const POSTS = Number(argValue('posts') ?? 2000);
const VISITORS = Number(argValue('visitors') ?? 8);
const MEMBERS = Number(argValue('members') ?? 8);
const SAMPLE_SECONDS = Number(argValue('sample-seconds') ?? 10);
const SEED = Number(argValue('seed') ?? 1);
const SERVER_ENV = { CHORUS_RATE_LIMIT_MULTIPLIER: '1000' };

/** The "flat" rule: last-minute average ≤ second-minute average × (1 + tolerance). */
const TOLERANCE = { rssMb: 0.15, fds: 0.1, dbMb: 0.1 } as const;

const SEARCH_WORDS = ['dark', 'export', 'slack', 'calendar', 'invoice', 'mobile', 'api', 'sso', 'report', 'zzyzx', 'webhook', 'csv'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The process and every descendant (the server may start helpers). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone
    }
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

function rssOfTreeMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

function fdsOfTree(pids: number[]): number {
  let n = 0;
  for (const pid of pids) {
    try {
      n += readdirSync(`/proc/${pid}/fd`).length;
    } catch {
      // gone
    }
  }
  return n;
}

/** Bytes allocated on disk under a directory (st_blocks × 512), like `du`. */
function diskUsageMb(dir: string): number {
  let bytes = 0;
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else {
        try {
          bytes += statSync(p).blocks * 512;
        } catch {
          // removed meanwhile (a temporary file)
        }
      }
    }
  };
  walk(dir);
  return bytes / 2 ** 20;
}

interface Sample {
  atSec: number;
  rssMb: number;
  dbMb: number;
  fds: number;
  errorLines: number;
  requests: number;
}

interface Traffic {
  stopped: boolean;
  requests: number;
  byKind: Record<string, { n: number; non2xx: number; noAnswer: number; totalMs: number; statuses: Record<string, number> }>;
}

/** Least-squares slope of y over minutes. */
function slopePerMinute(xsSec: number[], ys: number[]): number {
  const n = xsSec.length;
  const xs = xsSec.map((x) => x / 60);
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

async function worker(
  client: Client,
  signedIn: boolean,
  ctx: { boards: string[]; numbers: number[] },
  traffic: Traffic,
  random: () => number,
) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const voted = new Map<number, boolean>();
  let n = 0;
  while (!traffic.stopped) {
    const r = random();
    let kind: string;
    let method = 'GET';
    let target: string;
    let body: unknown;
    if (r < 0.2) [kind, target] = ['home', '/'];
    else if (r < 0.4) [kind, target] = ['board page', `/b/${pick(ctx.boards)}`];
    else if (r < 0.6) [kind, target] = ['post page', `/p/${pick(ctx.numbers)}`];
    else if (r < 0.7) [kind, target] = ['search', `/api/v1/posts?q=${pick(SEARCH_WORDS)}`];
    else if (r < 0.75) [kind, target] = ['roadmap', '/roadmap'];
    else if (!signedIn) [kind, target] = ['posts api', `/api/v1/posts?board=${pick(ctx.boards)}&sort=${pick(['trending', 'top', 'new'])}`];
    else if (r < 0.93) {
      const number = pick(ctx.numbers);
      const next = !(voted.get(number) ?? false);
      voted.set(number, next);
      [kind, method, target] = ['vote', next ? 'PUT' : 'DELETE', `/api/v1/posts/${number}/vote`];
    } else if (r < 0.97) {
      [kind, method, target] = ['comment', 'POST', `/api/v1/posts/${pick(ctx.numbers)}/comments`];
      body = { body: `Soak comment ${++n} with a few words about ${pick(SEARCH_WORDS)}.` };
    } else {
      [kind, method, target] = ['new post', 'POST', '/api/v1/posts'];
      body = { board: ctx.boards[0], title: `Soak post ${++n} about ${pick(SEARCH_WORDS)}`, body: 'Written by the soak.' };
    }
    const t0 = performance.now();
    const answer = await client.request(method, target, body);
    const k = (traffic.byKind[kind] ??= { n: 0, non2xx: 0, noAnswer: 0, totalMs: 0, statuses: {} });
    k.n++;
    k.totalMs += performance.now() - t0;
    const code = String(answer.status ?? answer.error);
    k.statuses[code] = (k.statuses[code] ?? 0) + 1;
    if (answer.status === undefined) k.noAnswer++;
    else if (answer.status >= 300) k.non2xx++;
    traffic.requests++;
  }
}

async function main() {
  ensureBuild();
  const dataDir = DATABASE_URL ? undefined : tempDataDir('soak');
  const driver = DATABASE_URL ? 'postgres' : 'pglite';
  console.log(`soak: ${MINUTES} min on ${driver}, ${VISITORS} visitors + ${MEMBERS} members, sample every ${SAMPLE_SECONDS} s`);
  const seeded = seedDemoData({ posts: POSTS, dataDir, databaseUrl: DATABASE_URL });
  if (seeded) console.log(`seeded ${seeded.posts} posts, ${seeded.votes} votes, ${seeded.comments} comments in ${seeded.ms} ms`);

  const server = await startServer({ port: PORT, dataDir, databaseUrl: DATABASE_URL, env: SERVER_ENV });
  const pool = DATABASE_URL ? new pg.Pool({ connectionString: DATABASE_URL, max: 1 }) : undefined;
  const before = loadAvg();
  const samples: Sample[] = [];
  const traffic: Traffic = { stopped: false, requests: 0, byKind: {} };
  let errors: string[] = [];
  try {
    await waitForHealth(server);
    const visitor = new Client(server.url);
    const boardList = expectStatus(
      await visitor.request<{ items: { slug: string; visibility: string }[] }>('GET', '/api/v1/boards'),
      'boards',
      200,
    );
    const boards = boardList.items.filter((b) => b.visibility === 'public').map((b) => b.slug);
    const numbers: number[] = [];
    for (const slug of boards) {
      const page = expectStatus(
        await visitor.request<{ items: { number: number }[] }>('GET', `/api/v1/posts?board=${slug}&sort=top&limit=50`),
        'posts',
        200,
      );
      numbers.push(...page.items.map((p) => p.number));
    }
    visitor.close();
    if (boards.length === 0 || numbers.length === 0) throw new Error('the seeded workspace has no public board with posts');

    const clients: { client: Client; signedIn: boolean }[] = [];
    for (let i = 0; i < VISITORS; i++) clients.push({ client: new Client(server.url), signedIn: false });
    const tag = Date.now().toString(36);
    for (let i = 0; i < MEMBERS; i++) {
      const client = new Client(server.url);
      const answer = await client.request('POST', '/api/v1/auth/sign-up', {
        displayName: `Soak member ${i}`,
        email: `soak-${tag}-${i}@example.test`,
        password: 'soak proof password',
      });
      expectStatus(answer, 'sign up', 201);
      client.adoptCookie(answer);
      clients.push({ client, signedIn: true });
    }

    const started = performance.now();
    const workers = clients.map((c, i) => worker(c.client, c.signedIn, { boards, numbers }, traffic, prng(SEED + i)));
    const sample = async () => {
      const pids = processTree(server.pid);
      const dbMb = dataDir
        ? diskUsageMb(dataDir)
        : Number((await pool!.query<{ size: string }>('select pg_database_size(current_database()) as size')).rows[0]!.size) / 2 ** 20;
      errors = errorLogLines(server.logFile);
      const s: Sample = {
        atSec: round((performance.now() - started) / 1000),
        rssMb: round(rssOfTreeMb(pids)),
        dbMb: round(dbMb, 2),
        fds: fdsOfTree(pids),
        errorLines: errors.length,
        requests: traffic.requests,
      };
      samples.push(s);
      console.log(
        `${String(s.atSec).padStart(6)} s  RSS ${s.rssMb} MB  db ${s.dbMb} MB  fds ${s.fds}  errors ${s.errorLines}  requests ${s.requests}` +
          `  (${pids.length} process${pids.length === 1 ? '' : 'es'})`,
      );
    };
    await sample();
    const end = started + MINUTES * 60_000;
    while (performance.now() < end) {
      await sleep(Math.min(SAMPLE_SECONDS * 1000, end - performance.now()));
      await sample();
    }
    traffic.stopped = true;
    await Promise.all(workers);
    for (const c of clients) c.client.close();
  } finally {
    traffic.stopped = true;
    await pool?.end();
    await stopServer(server);
    if (dataDir) removeTempDataDir(dataDir);
  }
  const after = loadAvg();

  const secondHalf = samples.filter((s) => s.atSec >= (MINUTES * 60) / 2);
  const series = (['rssMb', 'dbMb', 'fds'] as const).map((key) => {
    const ys = samples.map((s) => s[key]);
    const inMinute = (m: number) => samples.filter((s) => s.atSec > m * 60 && s.atSec <= (m + 1) * 60).map((s) => s[key]);
    const second = avg(inMinute(1));
    const last = avg(samples.filter((s) => s.atSec > samples[samples.length - 1]!.atSec - 60).map((s) => s[key]));
    const flat = Number.isNaN(second) ? undefined : last <= second * (1 + TOLERANCE[key]);
    return {
      key,
      first: ys[0]!,
      last: ys[ys.length - 1]!,
      max: Math.max(...ys),
      slopePerMin: round(
        slopePerMinute(
          samples.map((s) => s.atSec),
          ys,
        ),
        3,
      ),
      // Not part of the rule: whether a series still climbs once warm (a leak) or has levelled off.
      secondHalfSlopePerMin: round(
        slopePerMinute(
          secondHalf.map((s) => s.atSec),
          secondHalf.map((s) => s[key]),
        ),
        3,
      ),
      secondMinuteAvg: round(second, 2),
      lastMinuteAvg: round(last, 2),
      tolerance: TOLERANCE[key],
      flat,
    };
  });
  const errorCount = samples[samples.length - 1]?.errorLines ?? 0;
  const label = {
    rssMb: 'RSS (MB, all processes)',
    dbMb: `database size (MB, ${dataDir ? 'data dir on disk' : 'pg_database_size'})`,
    fds: 'open handles (fds)',
  };

  console.log(`\nSoak, ${MINUTES} min on ${driver}: ${traffic.requests} requests, ${round(traffic.requests / (MINUTES * 60))} req/s`);
  console.log(
    table([
      ['series', 'first', 'last', 'max', 'slope /min', '2nd half', '2nd-min avg', 'last-min avg', 'rule', 'flat'],
      ...series.map((s) => [
        label[s.key],
        s.first,
        s.last,
        s.max,
        s.slopePerMin,
        s.secondHalfSlopePerMin,
        s.secondMinuteAvg,
        s.lastMinuteAvg,
        `≤ +${s.tolerance * 100} %`,
        s.flat === undefined ? 'n/a (< 2 min)' : s.flat ? 'yes' : 'NO',
      ]),
      ['error/fatal log lines', 0, errorCount, errorCount, '', '', '', '', '= 0', errorCount === 0 ? 'yes' : 'NO'],
    ]),
  );
  console.log(
    table([
      ['traffic', 'requests', 'non-2xx', 'no answer', 'mean ms', 'statuses'],
      ...Object.entries(traffic.byKind).map(([k, v]) => [
        k,
        v.n,
        v.non2xx,
        v.noAnswer,
        round(v.totalMs / Math.max(1, v.n)),
        Object.entries(v.statuses)
          .map(([c, n]) => `${c}×${n}`)
          .join(' '),
      ]),
    ]),
  );
  for (const line of errors.slice(0, 5)) console.log(`error line: ${line.slice(0, 300)}`);
  console.log(`load average before ${before.join(' / ')}, after ${after.join(' / ')}`);
  const file = writeResult(DATABASE_URL ? 'soak-postgres' : 'soak', {
    environment: environmentInfo(),
    loadBefore: before,
    loadAfter: after,
    minutes: MINUTES,
    driver,
    seeded,
    requests: traffic.requests,
    traffic: traffic.byKind,
    series,
    errorLines: errorCount,
    errorSamples: errors.slice(0, 20),
    samples,
  });
  console.log(`results: ${file}`);
  const failed = errorCount > 0 || series.some((s) => s.flat === false);
  console.log(failed ? 'NOT FLAT or errors logged (see above)' : 'flat, no errors');
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

/**
 * The feedback loop at scale (issue 4): seeds `--posts 10000` demo posts into a fresh PGlite
 * data dir (or the `--database-url` database), starts the server and measures, in one run:
 *
 *  - autocannon (50 connections, 3 s warm-up + 10 s) on the board page (trending), a post page,
 *    GET /api/v1/posts?board=…, and the trivial getServerSideProps page; req/s, p95 and the
 *    ratio to the trivial page;
 *  - search latency: 200 sequential GET /api/v1/posts?q=<word> with varied words; p50/p95/p99;
 *  - similar-post latency: 200 sequential GET /api/v1/posts/similar?title=<partial title>.
 *
 * A route that does not answer 200 is reported with its status and skipped.
 *
 *   node --import tsx bench/feedback.ts [--posts 10000] [--database-url postgres://…] [--port 3661]
 *       [--duration 10] [--warmup 3] [--connections 50] [--requests 200]
 */
import http from 'node:http';
import { sessionCookieOf } from './lib/demo';
import { runLoad, type LoadResult } from './lib/load';
import { SEARCH_WORDS, seedDemoData } from './lib/seed';
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

const PORT = Number(argValue('port') ?? 3661);
const POSTS = Number(argValue('posts') ?? 10_000);
const DURATION = Number(argValue('duration') ?? 10);
const WARMUP = Number(argValue('warmup') ?? 3);
const CONNECTIONS = Number(argValue('connections') ?? 50);
const REQUESTS = Number(argValue('requests') ?? 200);
const DATABASE_URL = argValue('database-url');
const BOARD = 'feature-requests';
const TARGETS = { pageRatio: 0.4, searchP95Ms: 50 };

/** Titles as someone types them on the new-post form. */
const SIMILAR_TITLES = [
  'Dark mode please',
  'Export reports as CSV',
  'Slack notifications',
  'Calendar view for tasks',
  'Invoice PDF broken',
  'Keyboard shortcut for search',
  'Sync with Jira',
  'Login with Google fails',
  'Support SAML single sign-on',
  'Recurring reminder',
  'Mobile app crashes',
  'Custom fields',
  'Gantt chart view',
  'Bulk edit tasks',
  'Offline mode',
];

interface Latency {
  name: string;
  requests: number;
  ok: number;
  statuses: Record<string, number>;
  latencyMs: { p50: number; p95: number; p99: number; max: number } | null;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

async function signInCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return sessionCookieOf(res);
}

function timedGet(url: string): Promise<{ status: number; ms: number; body: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(url, { agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      })
      .on('error', reject);
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function sequential(name: string, urls: string[]): Promise<Latency> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  for (const url of urls) {
    const r = await timedGet(url);
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    if (r.status === 200) times.push(r.ms);
  }
  times.sort((a, b) => a - b);
  return {
    name,
    requests: urls.length,
    ok: times.length,
    statuses,
    latencyMs: times.length
      ? {
          p50: round(pct(times, 50), 2),
          p95: round(pct(times, 95), 2),
          p99: round(pct(times, 99), 2),
          max: round(times[times.length - 1]!, 2),
        }
      : null,
  };
}

async function main() {
  console.log('feedback: building if needed…');
  ensureBuild();
  const driver = DATABASE_URL ? 'postgres' : 'pglite';
  const dataDir = DATABASE_URL ? undefined : tempDataDir('feedback');
  console.log(`feedback: seeding ${POSTS} posts into ${DATABASE_URL ? 'PostgreSQL' : dataDir}…`);
  const seed = seedDemoData({ posts: POSTS, dataDir, databaseUrl: DATABASE_URL });
  if (seed)
    console.log(`feedback: seeded ${seed.posts} posts, ${seed.votes} votes, ${seed.comments} comments in ${round(seed.ms / 1000, 1)} s`);

  const loadBefore = loadAvg();
  const server = await startServer({ port: PORT, dataDir, databaseUrl: DATABASE_URL, env: { CHORUS_RATE_LIMIT_MULTIPLIER: '1000' } });
  const pages: (LoadResult & { path: string; ratioToTrivial?: number })[] = [];
  const skipped: { path: string; status: number }[] = [];
  let search: Latency | undefined;
  let similar: Latency | undefined;
  try {
    await waitForHealth(server);
    const post = seed?.topPostNumber ?? 1;
    // Visitors' pages on embedded PGlite come from the page cache (src/server/cache) after the
    // first request; signed-in pages are rendered every time (the admin sees the team's extras
    // too), which is what a page costs without any cache.
    const cookie = await signInCookie(server.url);
    const signedIn = { cookie };
    const runs: { path: string; label: string; headers?: Record<string, string> }[] = [
      { path: `/b/${BOARD}`, label: `/b/${BOARD}` },
      { path: `/b/${BOARD}`, label: `/b/${BOARD} (signed in)`, headers: signedIn },
      { path: `/p/${post}`, label: `/p/${post}` },
      { path: `/p/${post}`, label: `/p/${post} (signed in)`, headers: signedIn },
      { path: `/api/v1/posts?board=${BOARD}`, label: `/api/v1/posts?board=${BOARD}` },
      { path: '/diagnostics/trivial', label: '/diagnostics/trivial' },
    ];
    for (const { path: p, label, headers } of runs) {
      const probe = await timedGet(server.url + p);
      if (probe.status !== 200) {
        console.log(`  ${p} answered ${probe.status}: skipped`);
        skipped.push({ path: label, status: probe.status });
        continue;
      }
      if (WARMUP > 0) await runLoad({ url: server.url + p, connections: CONNECTIONS, durationSec: WARMUP, headers });
      const r = await runLoad({ url: server.url + p, connections: CONNECTIONS, durationSec: DURATION, headers });
      console.log(
        `  ${label}: ${round(r.requestsPerSec, 1)} req/s, p95 ${round(r.latencyMs.p95, 1)} ms, non-2xx ${r.non2xx}, load ${formatLoad(loadAvg())}`,
      );
      pages.push({ ...r, path: label });
    }
    const trivial = pages.find((r) => r.path === '/diagnostics/trivial');
    for (const r of pages) if (trivial) r.ratioToTrivial = r.requestsPerSec / trivial.requestsPerSec;

    const q = (i: number) => SEARCH_WORDS[i % SEARCH_WORDS.length]!;
    search = await sequential(
      'search',
      Array.from({ length: REQUESTS }, (_, i) => `${server.url}/api/v1/posts?q=${encodeURIComponent(q(i))}`),
    );
    const t = (i: number) => SIMILAR_TITLES[i % SIMILAR_TITLES.length]!;
    similar = await sequential(
      'similar',
      Array.from({ length: REQUESTS }, (_, i) => `${server.url}/api/v1/posts/similar?title=${encodeURIComponent(t(i))}`),
    );
  } finally {
    agent.destroy();
    await stopServer(server);
    if (dataDir) removeTempDataDir(dataDir);
  }
  const loadAfter = loadAvg();

  console.log(
    `\nFeedback pages (${driver}, ${seed?.posts ?? 'existing'} posts; ${CONNECTIONS} connections, ${DURATION} s each; latency of 2xx responses, ms)`,
  );
  console.log(
    table([
      ['path', 'req/s', 'p50', 'p95', 'p99', 'non-2xx', 'errors', 'vs trivial', 'target'],
      ...pages.map((r) => [
        r.path,
        round(r.requestsPerSec, 1),
        round(r.latencyMs.p50, 2),
        round(r.latencyMs.p95, 2),
        round(r.latencyMs.p99, 2),
        r.non2xx,
        r.errors,
        r.ratioToTrivial === undefined ? 'n/a' : `${round(r.ratioToTrivial * 100, 1)}%`,
        r.path.startsWith('/b/') || r.path.startsWith('/p/')
          ? `≥ ${TARGETS.pageRatio * 100}% ${r.ratioToTrivial !== undefined && r.ratioToTrivial >= TARGETS.pageRatio ? 'PASS' : 'MISS'}`
          : '',
      ]),
      ...skipped.map((s) => [s.path, `answered ${s.status}`, '', '', '', '', '', '', '']),
    ]),
  );
  console.log(`\nSequential latency (${REQUESTS} requests each, one keep-alive connection; 200 responses only, ms)`);
  console.log(
    table([
      ['query', 'ok', 'statuses', 'p50', 'p95', 'p99', 'max', 'target'],
      ...[search, similar]
        .filter((x): x is Latency => !!x)
        .map((l) => [
          l.name === 'search' ? 'GET /api/v1/posts?q=<word>' : 'GET /api/v1/posts/similar?title=…',
          `${l.ok}/${l.requests}`,
          Object.entries(l.statuses)
            .map(([k, v]) => `${k}×${v}`)
            .join(' '),
          l.latencyMs?.p50 ?? 'n/a',
          l.latencyMs?.p95 ?? 'n/a',
          l.latencyMs?.p99 ?? 'n/a',
          l.latencyMs?.max ?? 'n/a',
          l.name === 'search'
            ? `p95 ≤ ${TARGETS.searchP95Ms} ms ${l.latencyMs ? (l.latencyMs.p95 <= TARGETS.searchP95Ms ? 'PASS' : 'MISS') : ''}`
            : '',
        ]),
    ]),
  );
  console.log(`load average before ${formatLoad(loadBefore)}, after ${formatLoad(loadAfter)}`);

  const file = writeResult(DATABASE_URL ? 'feedback-postgres' : 'feedback', {
    name: 'feedback',
    driver,
    environment: environmentInfo(),
    loadAverage: { before: loadBefore, after: loadAfter },
    settings: {
      posts: POSTS,
      connections: CONNECTIONS,
      durationSec: DURATION,
      warmupSec: WARMUP,
      sequentialRequests: REQUESTS,
      board: BOARD,
    },
    seed,
    pages,
    skipped,
    search,
    similar,
    targets: TARGETS,
  });
  console.log(`wrote ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

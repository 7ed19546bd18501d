/**
 * Throughput: autocannon, 50 connections, 10 s on each of `/`, `/api/health` and
 * `/diagnostics/trivial` (the cheapest getServerSideProps page: the yardstick), in one server
 * run, each after a short warm-up. Prints requests/s, p50, p95, p99, non-2xx and the ratio of
 * `/` and `/api/health` to the trivial page.
 *
 *   node --import tsx bench/throughput.ts [--database-url postgres://…] [--port 3621]
 *       [--duration 10] [--warmup 3] [--connections 50] [--log-level info]
 */
import { runLoad, type LoadResult } from './lib/load';
import {
  argValue,
  ensureBuild,
  environmentInfo,
  formatLoad,
  get,
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

const PORT = Number(argValue('port') ?? 3621);
const DURATION = Number(argValue('duration') ?? 10);
const WARMUP = Number(argValue('warmup') ?? 3);
const CONNECTIONS = Number(argValue('connections') ?? 50);
const DATABASE_URL = argValue('database-url');
/** The server's LOG_LEVEL; `info` (the default) writes one JSON line per request, as in production. */
const LOG_LEVEL = argValue('log-level') ?? 'info';
const PATHS = ['/', '/api/health', '/diagnostics/trivial'] as const;
const TARGET_RATIO = 0.7;

interface PathResult extends LoadResult {
  path: string;
  loadAverage: { start: [number, number, number]; end: [number, number, number] };
}

async function main() {
  console.log('throughput: building if needed…');
  ensureBuild();
  const dataDir = DATABASE_URL ? undefined : tempDataDir('throughput');
  const driver = DATABASE_URL ? 'postgres' : 'pglite';
  const loadBefore = loadAvg();
  console.log(
    `throughput: port ${PORT}, ${driver}, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per path, LOG_LEVEL=${LOG_LEVEL}, load average ${formatLoad(loadBefore)}`,
  );

  const server = startServer({ port: PORT, dataDir, databaseUrl: DATABASE_URL, env: { LOG_LEVEL } });
  try {
    await waitForHealth(server);
  } catch (err) {
    server.child.kill('SIGKILL');
    throw err;
  }
  for (const p of PATHS) {
    const answer = await get(server.url + p);
    if (answer.status !== 200) throw new Error(`GET ${p} answered ${answer.status} before the benchmark`);
  }

  const results: PathResult[] = [];
  for (const p of PATHS) {
    const url = server.url + p;
    if (WARMUP > 0) await runLoad({ url, connections: CONNECTIONS, durationSec: WARMUP });
    const start = loadAvg();
    const r = await runLoad({ url, connections: CONNECTIONS, durationSec: DURATION });
    const end = loadAvg();
    results.push({ ...r, path: p, loadAverage: { start, end } });
    console.log(`  ${p}: ${round(r.requestsPerSec)} req/s (load ${formatLoad(end)})`);
  }
  await stopServer(server);
  if (dataDir) removeTempDataDir(dataDir);
  const loadAfter = loadAvg();

  const by = (p: string) => results.find((r) => r.path === p)!;
  const trivial = by('/diagnostics/trivial').requestsPerSec;
  const ratio = (p: string) => by(p).requestsPerSec / trivial;
  const homeRatio = ratio('/');
  const verdict = homeRatio >= TARGET_RATIO ? 'PASS' : 'MISS';

  console.log(`\nThroughput (${driver}; ${CONNECTIONS} connections, ${DURATION} s each; latency of 2xx responses, ms)`);
  console.log(
    table([
      ['path', 'req/s', 'p50', 'p95', 'p99', 'max', 'non-2xx', 'errors', 'vs trivial', 'target', ''],
      ...results.map((r) => [
        r.path,
        round(r.requestsPerSec),
        round(r.latencyMs.p50, 2),
        round(r.latencyMs.p95, 2),
        round(r.latencyMs.p99, 2),
        round(r.latencyMs.max, 1),
        r.non2xx,
        r.errors,
        `${round(ratio(r.path) * 100)}%`,
        r.path === '/' ? `≥ ${TARGET_RATIO * 100}%` : '',
        r.path === '/' ? verdict : '',
      ]),
    ]),
  );
  console.log('p95 is computed from an HdrHistogram of every 2xx response time (autocannon itself reports p97.5/p99, shown in the JSON for cross-check).');
  console.log(`load average before ${formatLoad(loadBefore)}, after ${formatLoad(loadAfter)}`);

  const file = writeResult(['throughput', DATABASE_URL ? 'postgres' : '', LOG_LEVEL !== 'info' ? `log-${LOG_LEVEL}` : ''].filter(Boolean).join('-'), {
    name: 'throughput',
    driver,
    logLevel: LOG_LEVEL,
    environment: environmentInfo(),
    loadAverage: { before: loadBefore, after: loadAfter },
    settings: { connections: CONNECTIONS, durationSec: DURATION, warmupSec: WARMUP },
    results,
    ratios: { home: round(homeRatio, 3), health: round(ratio('/api/health'), 3) },
    target: { homeRatio: TARGET_RATIO, verdict },
  });
  console.log(`wrote ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

/**
 * Throughput: autocannon, 50 connections, 10 s on each of `/`, `/api/health` and
 * `/diagnostics/trivial` (the cheapest getServerSideProps page: the yardstick), in one server
 * run, each after a short warm-up. Prints requests/s, p50, p95, p99, non-2xx and the ratio of
 * `/` and `/api/health` to the trivial page.
 *
 * Also prints the server's CPU time per request (from /proc/<pid>/stat), which is less
 * sensitive than requests/s to other processes on a shared machine. --rounds N repeats the
 * three paths N times, interleaved, and reports medians.
 *
 *   node --import tsx bench/throughput.ts [--database-url postgres://…] [--port 3621]
 *       [--duration 10] [--warmup 3] [--connections 50] [--rounds 1] [--log-level info]
 */
import { runLoad, type LoadResult } from './lib/load';
import {
  argValue,
  cpuMs,
  ensureBuild,
  environmentInfo,
  formatLoad,
  get,
  loadAvg,
  median,
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
const ROUNDS = Math.max(1, Number(argValue('rounds') ?? 1));
const PATHS = ['/', '/api/health', '/diagnostics/trivial'] as const;
const TARGET_RATIO = 0.7;
const round1 = (x: number) => round(x, 1);

interface PathRun extends LoadResult {
  path: string;
  round: number;
  /** Server CPU time (user + system, all threads, from /proc/<pid>/stat) per completed request. */
  serverCpuMsPerRequest: number;
  /** Server CPU time ÷ wall time: 1 = one core busy. */
  serverCpuCores: number;
  loadAverage: { start: [number, number, number]; end: [number, number, number] };
}

interface PathSummary {
  path: string;
  requestsPerSec: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  serverCpuMsPerRequest: number;
  serverCpuCores: number;
  /** requests/s ÷ the trivial page's requests/s. */
  ratioToTrivial: number;
  /** The trivial page's CPU ms/request ÷ this path's: less sensitive to other load on the machine. */
  cpuRatioToTrivial: number;
}

async function main() {
  console.log('throughput: building if needed…');
  ensureBuild();
  const dataDir = DATABASE_URL ? undefined : tempDataDir('throughput');
  const driver = DATABASE_URL ? 'postgres' : 'pglite';
  const loadBefore = loadAvg();
  console.log(
    `throughput: port ${PORT}, ${driver}, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per ` +
      `path × ${ROUNDS} round(s), LOG_LEVEL=${LOG_LEVEL}, load average ${formatLoad(loadBefore)}`,
  );

  const server = await startServer({ port: PORT, dataDir, databaseUrl: DATABASE_URL, env: { LOG_LEVEL } });
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

  const runs: PathRun[] = [];
  for (let roundNo = 1; roundNo <= ROUNDS; roundNo++) {
    for (const p of PATHS) {
      const url = server.url + p;
      if (roundNo === 1 && WARMUP > 0) await runLoad({ url, connections: CONNECTIONS, durationSec: WARMUP });
      const start = loadAvg();
      const cpu0 = cpuMs(server.pid);
      const r = await runLoad({ url, connections: CONNECTIONS, durationSec: DURATION });
      const cpu = cpuMs(server.pid) - cpu0;
      const end = loadAvg();
      runs.push({
        ...r,
        path: p,
        round: roundNo,
        serverCpuMsPerRequest: cpu / Math.max(1, r.totalRequests),
        serverCpuCores: cpu / (r.durationSec * 1000),
        loadAverage: { start, end },
      });
      console.log(
        `  round ${roundNo} ${p}: ${round1(r.requestsPerSec)} req/s, server CPU ${round(cpu / Math.max(1, r.totalRequests), 2)} ms/request ` +
          `(${round(cpu / (r.durationSec * 1000), 2)} cores), load ${formatLoad(end)}`,
      );
    }
  }
  await stopServer(server);
  if (dataDir) removeTempDataDir(dataDir);
  const loadAfter = loadAvg();

  const med = (p: string, f: (r: PathRun) => number) => median(runs.filter((r) => r.path === p).map(f));
  const trivialRps = med('/diagnostics/trivial', (r) => r.requestsPerSec);
  const trivialCpu = med('/diagnostics/trivial', (r) => r.serverCpuMsPerRequest);
  const summaries: PathSummary[] = PATHS.map((p) => {
    const of = runs.filter((r) => r.path === p);
    const rps = med(p, (r) => r.requestsPerSec);
    const cpu = med(p, (r) => r.serverCpuMsPerRequest);
    return {
      path: p,
      requestsPerSec: rps,
      latencyMs: {
        p50: med(p, (r) => r.latencyMs.p50),
        p95: med(p, (r) => r.latencyMs.p95),
        p99: med(p, (r) => r.latencyMs.p99),
        max: Math.max(...of.map((r) => r.latencyMs.max)),
      },
      non2xx: of.reduce((n, r) => n + r.non2xx, 0),
      errors: of.reduce((n, r) => n + r.errors, 0),
      serverCpuMsPerRequest: cpu,
      serverCpuCores: med(p, (r) => r.serverCpuCores),
      ratioToTrivial: rps / trivialRps,
      cpuRatioToTrivial: trivialCpu / cpu,
    };
  });
  const by = (p: string) => summaries.find((r) => r.path === p)!;
  const homeRatio = by('/').ratioToTrivial;
  const verdict = homeRatio >= TARGET_RATIO ? 'PASS' : 'MISS';

  console.log(
    `\nThroughput (${driver}; ${CONNECTIONS} connections, ${DURATION} s each${ROUNDS > 1 ? `, median of ${ROUNDS} rounds` : ''}; latency of 2xx responses, ms)`,
  );
  console.log(
    table([
      ['path', 'req/s', 'p50', 'p95', 'p99', 'max', 'non-2xx', 'errors', 'CPU ms/req', 'vs trivial', 'target', '', 'CPU vs trivial'],
      ...summaries.map((r) => [
        r.path,
        round1(r.requestsPerSec),
        round(r.latencyMs.p50, 2),
        round(r.latencyMs.p95, 2),
        round(r.latencyMs.p99, 2),
        round(r.latencyMs.max, 1),
        r.non2xx,
        r.errors,
        round(r.serverCpuMsPerRequest, 2),
        `${round1(r.ratioToTrivial * 100)}%`,
        r.path === '/' ? `≥ ${TARGET_RATIO * 100}%` : '',
        r.path === '/' ? verdict : '',
        `${round1(r.cpuRatioToTrivial * 100)}%`,
      ]),
    ]),
  );
  console.log(
    'p95 is computed from an HdrHistogram of every 2xx response time (autocannon itself reports p97.5/p99, kept in the JSON as a cross-check).',
  );
  console.log(
    '"CPU vs trivial" = trivial page CPU ms/request ÷ this path\'s: the same comparison from server CPU time, less sensitive to other load.',
  );
  console.log(`load average before ${formatLoad(loadBefore)}, after ${formatLoad(loadAfter)}`);

  const file = writeResult(
    ['throughput', DATABASE_URL ? 'postgres' : '', LOG_LEVEL !== 'info' ? `log-${LOG_LEVEL}` : ''].filter(Boolean).join('-'),
    {
      name: 'throughput',
      driver,
      logLevel: LOG_LEVEL,
      environment: environmentInfo(),
      loadAverage: { before: loadBefore, after: loadAfter },
      settings: { connections: CONNECTIONS, durationSec: DURATION, warmupSec: WARMUP, rounds: ROUNDS },
      summaries,
      runs,
      ratios: {
        home: round(homeRatio, 3),
        health: round(by('/api/health').ratioToTrivial, 3),
        homeCpu: round(by('/').cpuRatioToTrivial, 3),
      },
      target: { homeRatio: TARGET_RATIO, verdict },
    },
  );
  console.log(`wrote ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

/**
 * Memory: the server's RSS (VmRSS of the spawned `node scripts/start.mjs`, which runs the server
 * in-process) idle after start, during and at the end of 30 s of autocannon load on `/`
 * (50 connections), and 10 s after the load.
 *
 * With PGlite the server is started twice on the same data dir: first on a NEW one (the first
 * start creates the database: idle RSS only), then again on it, now EXISTING (every later
 * start: idle RSS, then the load). With --database-url only the second part runs.
 *
 *   node --import tsx bench/memory.ts [--port 3611] [--duration 30] [--connections 50] [--database-url postgres://…]
 */
import { runLoad } from './lib/load';
import {
  argValue,
  childPids,
  ensureBuild,
  environmentInfo,
  formatLoad,
  loadAvg,
  removeTempDataDir,
  round,
  rssMb,
  startServer,
  stopServer,
  table,
  tempDataDir,
  waitForHealth,
  writeResult,
} from './lib/server';

const PORT = Number(argValue('port') ?? 3611);
const DURATION = Number(argValue('duration') ?? 30);
const CONNECTIONS = Number(argValue('connections') ?? 50);
const DATABASE_URL = argValue('database-url');
const IDLE_SETTLE_MS = 5000;
const AFTER_MS = 10_000;
const TARGET_IDLE_MB = 400;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  console.log('memory: building if needed…');
  ensureBuild();
  const dataDir = DATABASE_URL ? undefined : tempDataDir('memory');
  const driver = DATABASE_URL ? 'postgres' : 'pglite';
  const loadBefore = loadAvg();
  console.log(`memory: port ${PORT}, ${driver}, load average ${formatLoad(loadBefore)}`);

  const idleAfterStart = async () => {
    const server = await startServer({ port: PORT, dataDir, databaseUrl: DATABASE_URL });
    try {
      await waitForHealth(server);
    } catch (err) {
      server.child.kill('SIGKILL');
      throw err;
    }
    const atReady = rssMb(server.pid);
    await sleep(IDLE_SETTLE_MS);
    return { server, atReady, idle: rssMb(server.pid) };
  };

  let first: { atReady: number; idle: number } | undefined;
  if (dataDir) {
    const r = await idleAfterStart();
    first = { atReady: r.atReady, idle: r.idle };
    await stopServer(r.server);
  }
  const { server, atReady, idle } = await idleAfterStart();
  const children = childPids(server.pid);

  const samples: { second: number; rssMb: number }[] = [];
  const loadDuring = loadAvg();
  const load = await runLoad({
    url: `${server.url}/`,
    connections: CONNECTIONS,
    durationSec: DURATION,
    onTick: (second) => samples.push({ second, rssMb: round(rssMb(server.pid)) }),
  });
  const endOfLoad = rssMb(server.pid);
  const loadAtEnd = loadAvg();
  await sleep(AFTER_MS);
  const after = rssMb(server.pid);
  const peak = Math.max(endOfLoad, ...samples.map((s) => s.rssMb));

  await stopServer(server);
  if (dataDir) removeTempDataDir(dataDir);
  const loadAfter = loadAvg();

  const verdictOf = (mb: number) => (mb <= TARGET_IDLE_MB ? 'PASS' : 'MISS');
  const verdict = verdictOf(idle);
  const label = dataDir ? 'restart, existing data dir' : 'PostgreSQL';
  console.log(`\nServer RSS (MB, VmRSS of pid ${server.pid}; child processes: ${children.length ? children.join(', ') : 'none'})`);
  console.log(
    table([
      ['moment', 'RSS MB', 'target', ''],
      ...(first
        ? [
            ['first start, new data dir: at ready', round(first.atReady), '', ''],
            [
              `first start, new data dir: idle (${IDLE_SETTLE_MS / 1000} s after ready)`,
              round(first.idle),
              `≤ ${TARGET_IDLE_MB}`,
              verdictOf(first.idle),
            ],
          ]
        : []),
      [`${label}: at ready (/api/health 200)`, round(atReady), '', ''],
      [`${label}: idle (${IDLE_SETTLE_MS / 1000} s after ready)`, round(idle), `≤ ${TARGET_IDLE_MB}`, verdict],
      [`${label}: peak during ${DURATION} s load on / (${CONNECTIONS} conn)`, round(peak), '', ''],
      [`${label}: end of load`, round(endOfLoad), '', ''],
      [`${label}: ${AFTER_MS / 1000} s after load`, round(after), '', ''],
    ]),
  );
  console.log(
    `load: ${round(load.requestsPerSec)} req/s, ${load.totalRequests} requests, non-2xx ${load.non2xx}, errors ` +
      `${load.errors}, p50 ${round(load.latencyMs.p50)} ms`,
  );
  console.log(
    `load average before ${formatLoad(loadBefore)}, at load start ${formatLoad(loadDuring)}, ` +
      `at load end ${formatLoad(loadAtEnd)}, after ${formatLoad(loadAfter)}`,
  );

  const file = writeResult(DATABASE_URL ? 'memory-postgres' : 'memory', {
    name: 'memory',
    driver,
    environment: environmentInfo(),
    loadAverage: { before: loadBefore, loadStart: loadDuring, loadEnd: loadAtEnd, after: loadAfter },
    childProcesses: children,
    rssMb: {
      firstStartNewDataDir: first ? { atReady: round(first.atReady), idle: round(first.idle) } : undefined,
      atReady: round(atReady),
      idle: round(idle),
      peakDuringLoad: round(peak),
      endOfLoad: round(endOfLoad),
      afterLoad: round(after),
    },
    samplesDuringLoad: samples,
    load,
    target: { idleMb: TARGET_IDLE_MB, verdict, firstStartVerdict: first ? verdictOf(first.idle) : undefined },
  });
  console.log(`wrote ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

/**
 * Cold start: time from spawning `node scripts/start.mjs` (production build already present) to
 * the first 200 on `/`, with a NEW PGlite data dir (created and migrated on start) and with an
 * EXISTING one (already migrated). Three runs each; prints each run and the median.
 *
 *   node --import tsx bench/cold-start.ts [--runs 3] [--port 3601]
 */
import {
  cpuMs,
  ensureBuild,
  environmentInfo,
  formatLoad,
  loadAvg,
  median,
  readyStartupMs,
  removeTempDataDir,
  round,
  startServer,
  stopServer,
  table,
  tempDataDir,
  argValue,
  waitFor200,
  writeResult,
} from './lib/server';

const RUNS = Number(argValue('runs') ?? 3);
const PORT = Number(argValue('port') ?? 3601);
const TARGET_EXISTING_MS = 2000;

interface Run {
  kind: 'new' | 'existing';
  run: number;
  /** Spawn to first 200 on `/`. */
  ms: number;
  /** The server's own startServer() → listening figure (its `ready` log line). */
  serverStartupMs: number | undefined;
  /** CPU time the server process had used (all threads) when `/` first answered 200. */
  serverCpuMs: number;
  load1: number;
}

async function once(kind: Run['kind'], run: number, dataDir: string): Promise<Run> {
  const load1 = loadAvg()[0];
  const server = await startServer({ port: PORT, dataDir });
  let ms: number;
  let serverCpuMs: number;
  try {
    const t = await waitFor200(server, '/', 120_000, 10);
    ms = t - server.spawnedAt;
    serverCpuMs = cpuMs(server.pid);
  } catch (err) {
    server.child.kill('SIGKILL');
    throw err;
  }
  const serverStartupMs = readyStartupMs(server.logFile);
  await stopServer(server);
  const r: Run = { kind, run, ms: round(ms, 0), serverStartupMs, serverCpuMs, load1 };
  console.log(
    `  ${kind.padEnd(8)} run ${run}: ${r.ms} ms (server's own start-up ${serverStartupMs ?? '?'} ms, server CPU ${serverCpuMs} ms, load ${load1.toFixed(2)})`,
  );
  return r;
}

async function main() {
  console.log('cold-start: building if needed…');
  ensureBuild();
  const loadBefore = loadAvg();
  console.log(`cold-start: port ${PORT}, ${RUNS} runs each, load average ${formatLoad(loadBefore)}`);

  const runs: Run[] = [];
  const dirs: string[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const dir = tempDataDir('cold');
    dirs.push(dir);
    runs.push(await once('new', i, dir));
  }
  // EXISTING: the data dir the last NEW run created and migrated.
  const existing = dirs[dirs.length - 1]!;
  for (let i = 1; i <= RUNS; i++) runs.push(await once('existing', i, existing));
  for (const d of dirs) removeTempDataDir(d);

  const loadAfter = loadAvg();
  const of = (k: Run['kind']) => runs.filter((r) => r.kind === k).map((r) => r.ms);
  const medNew = median(of('new'));
  const medExisting = median(of('existing'));
  const verdict = medExisting <= TARGET_EXISTING_MS ? 'PASS' : 'MISS';
  const cpuOf = (k: Run['kind']) => runs.filter((r) => r.kind === k).map((r) => r.serverCpuMs);

  console.log('\nCold start: spawn → first 200 on / (ms)');
  console.log(
    table([
      ['data dir', ...of('new').map((_, i) => `run ${i + 1}`), 'median', 'target', ''],
      ['new', ...of('new'), medNew, '-', ''],
      ['existing', ...of('existing'), medExisting, `≤ ${TARGET_EXISTING_MS}`, verdict],
    ]),
  );
  console.log(
    `server CPU time (all threads) at the first 200, median: new ${median(cpuOf('new'))} ms, ` +
      `existing ${median(cpuOf('existing'))} ms (on 2 cores CPU time can exceed wall time)`,
  );
  console.log(`load average before ${formatLoad(loadBefore)}, after ${formatLoad(loadAfter)}`);

  const file = writeResult('cold-start', {
    name: 'cold-start',
    environment: environmentInfo(),
    loadAverage: { before: loadBefore, after: loadAfter },
    runs,
    medianMs: { new: medNew, existing: medExisting },
    medianServerCpuMs: { new: median(cpuOf('new')), existing: median(cpuOf('existing')) },
    target: { existingMs: TARGET_EXISTING_MS, verdict },
  });
  console.log(`wrote ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

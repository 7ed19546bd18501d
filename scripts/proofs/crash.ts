/**
 * Crash durability proof (issue 10, item 1): `npm run proof:crash`.
 *
 * A write load (votes, new posts, comments, status changes; one signed-in person per connection)
 * runs against the production server (`node scripts/start.mjs`) while the server is killed with
 * SIGKILL at random moments, `--kills` times, and restarted on the same data each time. After
 * each restart, before the load resumes, the database is read through a direct connection and
 * compared with the ledger of acknowledged writes (scripts/proofs/lib/verify.ts):
 *  - every acknowledged write is there as answered; a vote is as its last acknowledged toggle
 *    (or a later toggle whose answer never came);
 *  - nothing is half-applied and every counter equals a recount (the invariants).
 *
 * PGlite: once the killed process is gone, its data directory is copied as the kill left it
 * (stale lock file included); the server restarts on the original, and the copy is opened
 * in-process with openDatabase() for the check. So the server itself meets every crash state
 * (WAL recovery, the stale lock) and the check sees exactly what the kill left. PostgreSQL
 * (`--database-url`): the server restarts on the same database and a pg connection checks it.
 *
 * Exits 1 when an acknowledged write is lost, an invariant is broken, or the server does not
 * come back by itself.
 *
 *   node --import tsx scripts/proofs/crash.ts [--kills 20] [--driver pglite|postgres|both]
 *     [--database-url postgres://…] [--seed N] [--port 3691] [--members 21] [--min-load-ms 300]
 *     [--max-load-ms 5000]
 */
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { closeDatabase, openDatabase } from '@/server/db/open';
import {
  argValue,
  BENCH_ADMIN,
  ensureBuild,
  environmentInfo,
  loadAvg,
  median,
  removeTempDataDir,
  round,
  startServer,
  stopServer,
  table,
  tempDataDir,
  waitFor200,
  waitForHealth,
  writeResult,
  type RunningServer,
  errorLogLines as logErrorLines,
} from '../../bench/lib/server';
import { Ledger } from './lib/ledger';
import { checkAgainstLedger, type CheckReport } from './lib/verify';
import { Gate, prng, runWorker, setUpWorkspace, type LoadState, type Workspace } from './lib/workload';

const KILLS = Number(argValue('kills') ?? 20);
const DATABASE_URL = argValue('database-url');
const DRIVER = argValue('driver') ?? (DATABASE_URL ? 'both' : 'pglite');
const SEED = Number(argValue('seed') ?? Math.floor(Math.random() * 2 ** 31));
const PORT = Number(argValue('port') ?? 3691);
const MEMBERS = Number(argValue('members') ?? 21);
const MIN_LOAD_MS = Number(argValue('min-load-ms') ?? 300);
const MAX_LOAD_MS = Number(argValue('max-load-ms') ?? 5000);
const SERVER_ENV = { CHORUS_RATE_LIMIT_MULTIPLIER: '1000' };

if (!['pglite', 'postgres', 'both'].includes(DRIVER)) throw new Error('--driver is pglite, postgres or both');
if (DRIVER !== 'pglite' && !DATABASE_URL) throw new Error(`--driver ${DRIVER} needs --database-url postgres://…`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Round {
  kill: number;
  loadMs: number;
  inFlightAtKill: number;
  /** PGlite: the lock file the killed server left, and whether its owner was the killed pid. */
  staleLock?: boolean;
  /** What the lock file held after the kill (null: no file), and the killed server's pid. */
  lockAtKill?: string | null;
  killedPid: number;
  /** SIGKILL → the process gone. */
  exitMs: number;
  /** Restart → first 200, and SIGKILL → first 200 without the proof's own pause (the PGlite copy). */
  restartToHealthMs: number;
  restartToBoardMs: number;
  recoveryHealthMs: number;
  recoveryBoardMs: number;
  snapshotMs?: number;
  /** 1, or more when a restarting server was stopped from outside (then the times are the last start's). */
  startAttempts: number;
  errorLogLines: number;
  check: CheckReport;
}

async function checkDatabase(target: { dataDir?: string; databaseUrl?: string }, ledger: Ledger, runTag: string): Promise<CheckReport> {
  await openDatabase(target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir });
  try {
    return await checkAgainstLedger(ledger, runTag);
  } finally {
    await closeDatabase();
  }
}

/**
 * Signals the proof never sends to a server it is starting: a server that died of one of them was
 * stopped by something outside the proof (on a shared machine, a cleanup by process name, or a
 * stale pid that the kernel has since given to this server). Such a stop is reported and the
 * server started again; any other end (an exit code of its own, a crash signal) fails the proof.
 */
const OUTSIDE_SIGNALS = new Set(['SIGTERM', 'SIGINT', 'SIGHUP']);
/** Outside stops seen (in the whole run), for the report. */
const outsideStops: { driver: string; kill: number; pid: number; when: 'starting' | 'running'; how: string }[] = [];

async function restartAndMeasure(opts: { dataDir?: string; databaseUrl?: string }, slug: string, where: { driver: string; kill: number }) {
  for (let attempt = 1; ; attempt++) {
    const server = await startServer({ port: PORT, ...opts, env: SERVER_ENV });
    try {
      const [health, board] = await Promise.all([
        waitFor200(server, '/api/health', 120_000, 20),
        waitFor200(server, `/b/${slug}`, 120_000, 20),
      ]);
      return { server, restartToHealthMs: health - server.spawnedAt, restartToBoardMs: board - server.spawnedAt, attempts: attempt };
    } catch (err) {
      server.child.kill('SIGKILL');
      const { code, signal } = await server.exited;
      const output = existsSync(server.logFile) ? readFileSync(server.logFile, 'utf8').slice(-4000) : '';
      if (signal && OUTSIDE_SIGNALS.has(signal) && attempt < 3) {
        console.log(`[${where.driver}] the restarting server (pid ${server.pid}) was stopped from outside (${signal}); starting it again`);
        outsideStops.push({ ...where, pid: server.pid, when: 'starting', how: signal });
        continue;
      }
      // The server did not come back by itself: say how it ended, with its output.
      throw new Error(`the server (pid ${server.pid}) did not come back after a kill: exit ${code ?? signal}\n${output}`, { cause: err });
    }
  }
}

async function runDriver(driver: 'pglite' | 'postgres') {
  const random = prng(SEED);
  const runTag = `${SEED.toString(36)}${Date.now().toString(36)}`.slice(-10);
  const dataDir = driver === 'pglite' ? tempDataDir('crash') : undefined;
  const databaseUrl = driver === 'postgres' ? DATABASE_URL : undefined;
  const target = { dataDir, databaseUrl };
  const ledger = new Ledger();
  console.log(`\n[${driver}] run ${runTag}, ${KILLS} kills, seed ${SEED}${dataDir ? `, data dir ${dataDir}` : ''}`);

  let server: RunningServer = await startServer({ port: PORT, ...target, env: SERVER_ENV });
  const firstStartMs = round((await waitForHealth(server)) - server.spawnedAt);
  console.log(`[${driver}] first start (new database) → health 200 in ${firstStartMs} ms`);
  const ws: Workspace = await setUpWorkspace(server.url, BENCH_ADMIN, { runTag, members: MEMBERS, initialPosts: 8, ledger });
  const state: LoadState = { gate: new Gate(), stopped: false, inFlight: 0, answers: {}, sequence: 0, refusals: [] };
  const workers = ws.people.map((p, i) => runWorker(p, ws, ledger, state, prng(SEED + 1 + i)));
  console.log(
    `[${driver}] ${ws.people.length} connections (${ws.people.filter((p) => p.role !== 'member').length} team), board /b/${ws.boardSlug}`,
  );

  const rounds: Round[] = [];
  let errorLogLines = 0;
  try {
    for (let kill = 1; kill <= KILLS; kill++) {
      const loadMs = Math.round(MIN_LOAD_MS + random() * (MAX_LOAD_MS - MIN_LOAD_MS));
      state.gate.open();
      await sleep(loadMs);
      // No new request from here on; the ones in flight meet the kill.
      state.gate.close();
      const inFlightAtKill = state.inFlight;
      // A server that ended before the kill was stopped by something else: the round proves nothing.
      const { exitCode, signalCode } = server.child;
      if (exitCode !== null || signalCode !== null) {
        // Exit 0 is the server's own clean shutdown, which only SIGTERM or SIGINT starts: sent from outside.
        const log = readFileSync(server.logFile, 'utf8');
        const outside = (exitCode === 0 && /shutting down/.test(log)) || (signalCode !== null && OUTSIDE_SIGNALS.has(signalCode));
        if (!outside)
          throw new Error(
            `the server (pid ${server.pid}) ended on its own before kill ${kill} (exit ${exitCode ?? signalCode}): ${log.slice(-2000)}`,
          );
        console.log(
          `[${driver}] the server (pid ${server.pid}) was stopped from outside before kill ${kill} (exit ${exitCode ?? signalCode}); this round does not count`,
        );
        outsideStops.push({ driver, kill, pid: server.pid, when: 'running', how: String(exitCode ?? signalCode) });
        while (state.inFlight > 0) await sleep(5);
        rmSync(path.dirname(server.logFile), { recursive: true, force: true });
        server = (await restartAndMeasure(target, ws.boardSlug, { driver, kill })).server;
        kill--;
        continue;
      }
      const killedAt = performance.now();
      server.child.kill('SIGKILL');
      await server.exited;
      const exitMs = performance.now() - killedAt;
      while (state.inFlight > 0) await sleep(5);
      const lines = logErrorLines(server.logFile);
      errorLogLines += lines.length;
      rmSync(path.dirname(server.logFile), { recursive: true, force: true });

      let staleLock: boolean | undefined;
      let lockAtKill: string | null | undefined;
      let snapshot: string | undefined;
      let snapshotMs: number | undefined;
      if (dataDir) {
        const lockFile = path.join(dataDir, 'chorus.lock');
        lockAtKill = existsSync(lockFile) ? readFileSync(lockFile, 'utf8').trim() : null;
        staleLock = lockAtKill?.split(/\s+/)[0] === String(server.pid);
        const t = performance.now();
        snapshot = tempDataDir('crash-snapshot');
        cpSync(dataDir, snapshot, { recursive: true });
        snapshotMs = performance.now() - t;
      }

      const restarted = await restartAndMeasure(target, ws.boardSlug, { driver, kill });
      server = restarted.server;
      // The load stays held until the check is done: the check sees the state the kill left.
      const check = await checkDatabase(snapshot ? { dataDir: snapshot } : target, ledger, runTag);
      if (snapshot) removeTempDataDir(snapshot);
      const round_: Round = {
        kill,
        loadMs,
        inFlightAtKill,
        staleLock,
        lockAtKill,
        killedPid: server.pid,
        exitMs: round(exitMs),
        restartToHealthMs: round(restarted.restartToHealthMs),
        restartToBoardMs: round(restarted.restartToBoardMs),
        recoveryHealthMs: round(exitMs + restarted.restartToHealthMs),
        recoveryBoardMs: round(exitMs + restarted.restartToBoardMs),
        snapshotMs: snapshotMs === undefined ? undefined : round(snapshotMs),
        startAttempts: restarted.attempts,
        errorLogLines: lines.length,
        check,
      };
      rounds.push(round_);
      const bad = check.lost.length + check.broken.length;
      const lock =
        staleLock === undefined ? '' : staleLock ? ', stale lock' : `, lock file: ${lockAtKill ?? 'none'} (killed pid ${round_.killedPid})`;
      console.log(
        `[${driver}] kill ${String(kill).padStart(2)} after ${String(loadMs).padStart(4)} ms, ${String(inFlightAtKill).padStart(2)} in flight` +
          `${lock}; back in ${round_.recoveryHealthMs} ms (health), ` +
          `${round_.recoveryBoardMs} ms (board); ${check.ackedChecked} acked writes checked in ${check.ms} ms: ${bad ? 'FAILED' : 'ok'}`,
      );
      for (const v of [...check.lost, ...check.broken]) console.log(`    ${v.check}: ${v.count}, e.g. ${JSON.stringify(v.samples[0])}`);
    }
  } finally {
    state.stopped = true;
    state.gate.open();
  }
  // The workers finish their last request on the running server; then a clean stop and a last check.
  await Promise.all(workers);
  await stopServer(server);
  const final = await checkDatabase(target, ledger, runTag);
  for (const p of ws.people) p.client.close();
  if (dataDir) removeTempDataDir(dataDir);

  const counts = ledger.counts();
  const acked = Object.values(counts).reduce((s, c) => s + c.acked, 0);
  const lostInRounds = rounds.reduce((s, r) => s + r.check.lost.reduce((a, v) => a + v.count, 0), 0);
  const lost = lostInRounds + final.lost.reduce((a, v) => a + v.count, 0);
  const broken =
    rounds.reduce((s, r) => s + r.check.broken.reduce((a, v) => a + v.count, 0), 0) + final.broken.reduce((a, v) => a + v.count, 0);
  const unknownApplied = rounds.reduce(
    (acc, r) => {
      for (const k of Object.keys(acc) as (keyof typeof acc)[]) {
        acc[k].applied += r.check.unknownApplied[k].applied;
        acc[k].of += r.check.unknownApplied[k].of;
      }
      return acc;
    },
    { post: { applied: 0, of: 0 }, comment: { applied: 0, of: 0 }, status: { applied: 0, of: 0 }, vote: { applied: 0, of: 0 } },
  );
  return {
    driver,
    runTag,
    seed: SEED,
    kills: rounds.length,
    firstStartMs,
    restarts: rounds.length,
    writes: counts,
    acked,
    lost,
    broken,
    errorLogLines,
    answers: state.answers,
    outsideStops: outsideStops.filter((o) => o.driver === driver),
    refusals: state.refusals,
    final,
    recovery: {
      healthMs: { median: round(median(rounds.map((r) => r.recoveryHealthMs))), max: Math.max(...rounds.map((r) => r.recoveryHealthMs)) },
      boardMs: { median: round(median(rounds.map((r) => r.recoveryBoardMs))), max: Math.max(...rounds.map((r) => r.recoveryBoardMs)) },
    },
    unknownAppliedPerCheck: unknownApplied,
    rounds,
  };
}

async function main() {
  ensureBuild();
  console.log(`crash proof: seed ${SEED} (replay with --seed ${SEED}), ${KILLS} kills per driver`);
  const before = loadAvg();
  const drivers = DRIVER === 'both' ? (['pglite', 'postgres'] as const) : [DRIVER as 'pglite' | 'postgres'];
  const results = [];
  for (const d of drivers) results.push(await runDriver(d));
  const after = loadAvg();

  console.log(`\nCrash durability (SIGKILL under write load), seed ${SEED}`);
  console.log(
    table([
      [
        'driver',
        'kills',
        'restarts',
        'acked',
        'votes',
        'posts',
        'comments',
        'statuses',
        'lost',
        'broken',
        'health p50/max ms',
        'board p50/max ms',
      ],
      ...results.map((r) => [
        r.driver,
        r.kills,
        r.restarts,
        r.acked,
        r.writes.vote.acked,
        r.writes.post.acked,
        r.writes.comment.acked,
        r.writes.status.acked,
        r.lost,
        r.broken,
        `${r.recovery.healthMs.median} / ${r.recovery.healthMs.max}`,
        `${r.recovery.boardMs.median} / ${r.recovery.boardMs.max}`,
      ]),
    ]),
  );
  for (const r of results) {
    const unknown = Object.entries(r.writes)
      .map(([k, c]) => `${k} ${c.unknown}`)
      .join(', ');
    console.log(
      `${r.driver}: no answer (in flight at a kill): ${unknown}; 4xx: ${Object.values(r.writes).reduce((s, c) => s + c.refused, 0)}`,
    );
    console.log(`${r.driver}: answers ${JSON.stringify(r.answers)}; error log lines ${r.errorLogLines}`);
    for (const x of r.refusals.slice(0, 5)) console.log(`  ${x.status} ${x.method} ${x.path}: ${JSON.stringify(x.body)}`);
  }
  for (const o of outsideStops) console.log(`stopped from outside (not counted as a kill): ${JSON.stringify(o)}`);
  console.log('recovery = SIGKILL → first 200 (process exit + restart to 200; the PGlite copy the proof makes in between is not counted)');
  const file = writeResult('crash', { environment: environmentInfo(), loadBefore: before, loadAfter: after, seed: SEED, results });
  console.log(`results: ${file}`);
  const failed = results.some((r) => r.lost > 0 || r.broken > 0);
  console.log(
    failed
      ? 'FAILED: acknowledged writes lost or invariants broken (see above)'
      : 'PASSED: no acknowledged write lost, no invariant broken',
  );
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

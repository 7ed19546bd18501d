/**
 * Accounts: what signing in costs, and what the session check adds to every page.
 *  1. POST /api/v1/auth/sign-in with a correct password (argon2id verification, a new session
 *     row and cookie per request): requests/s and latency. Password hashing is meant to be slow.
 *  2. `/` signed in (a session cookie: one indexed lookup of the hashed token joined with the
 *     user) against `/` signed out, in the same server run, interleaved: the ratio is the cost of
 *     the session check. Target: at most 15 % (signed in ≥ 85 % of signed out).
 * The sign-in rate limit (10 a minute per address and per email) is multiplied for the run.
 *
 *   node --import tsx bench/auth.ts [--port 3641] [--duration 10] [--connections 50] [--database-url …]
 */
import { sessionCookieOf } from './lib/demo';
import { runLoad, type LoadResult } from './lib/load';
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

const PORT = Number(argValue('port') ?? 3641);
const DURATION = Number(argValue('duration') ?? 10);
const CONNECTIONS = Number(argValue('connections') ?? 50);
const DATABASE_URL = argValue('database-url');

async function signInCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return sessionCookieOf(res);
}

const row = (label: string, r: LoadResult) => [
  label,
  round(r.requestsPerSec),
  round(r.latencyMs.p50),
  round(r.latencyMs.p95),
  round(r.latencyMs.p99),
  r.non2xx,
  r.errors,
];

async function main() {
  ensureBuild();
  const dataDir = DATABASE_URL ? undefined : tempDataDir('auth');
  const before = loadAvg();
  const server = await startServer({ port: PORT, dataDir, databaseUrl: DATABASE_URL, env: { CHORUS_RATE_LIMIT_MULTIPLIER: '1000' } });
  try {
    await waitForHealth(server);
    const base = server.url;
    const cookie = await signInCookie(base);
    const body = JSON.stringify(BENCH_ADMIN);
    const signInHeaders = { 'content-type': 'application/json', origin: base };

    // Warm-up: the page in both states, and the sign-in path.
    await runLoad({ url: `${base}/`, connections: 10, durationSec: 2 });
    await runLoad({ url: `${base}/`, connections: 10, durationSec: 2, headers: { cookie } });
    await runLoad({ url: `${base}/api/v1/auth/sign-in`, connections: 4, durationSec: 2, method: 'POST', headers: signInHeaders, body });

    const signIn = await runLoad({
      url: `${base}/api/v1/auth/sign-in`,
      connections: CONNECTIONS,
      durationSec: DURATION,
      method: 'POST',
      headers: signInHeaders,
      body,
    });
    const out1 = await runLoad({ url: `${base}/`, connections: CONNECTIONS, durationSec: DURATION });
    const in1 = await runLoad({ url: `${base}/`, connections: CONNECTIONS, durationSec: DURATION, headers: { cookie } });
    const out2 = await runLoad({ url: `${base}/`, connections: CONNECTIONS, durationSec: DURATION });
    const in2 = await runLoad({ url: `${base}/`, connections: CONNECTIONS, durationSec: DURATION, headers: { cookie } });
    const signedOut = (out1.requestsPerSec + out2.requestsPerSec) / 2;
    const signedIn = (in1.requestsPerSec + in2.requestsPerSec) / 2;
    const ratio = signedIn / signedOut;
    const after = loadAvg();

    console.log(`\nAccounts benchmark (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${CONNECTIONS} connections, ${DURATION} s each)`);
    console.log(
      table([
        ['run', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'errors'],
        row('POST sign-in (argon2id)', signIn),
        row('/ signed out #1', out1),
        row('/ signed in  #1', in1),
        row('/ signed out #2', out2),
        row('/ signed in  #2', in2),
      ]),
    );
    const cost = (1 - ratio) * 100;
    console.log(
      `\nsigned in / signed out: ${round(ratio * 100)} % of the throughput → ` +
        `the session check costs ${round(cost)} % (target ≤ 15 %: ${cost <= 15 ? 'PASS' : 'MISS'})`,
    );
    console.log(`load average before ${formatLoad(before)}, after ${formatLoad(after)}`);
    const file = writeResult(DATABASE_URL ? 'auth-postgres' : 'auth', {
      environment: environmentInfo(),
      loadBefore: before,
      loadAfter: after,
      signIn,
      signedOut: [out1, out2],
      signedIn: [in1, in2],
      ratio,
      sessionCheckCostPercent: cost,
    });
    console.log(`results: ${file}`);
  } finally {
    const code = await stopServer(server);
    if (dataDir) removeTempDataDir(dataDir);
    if (code !== 0) {
      console.error(`server exited ${code} after SIGTERM`);
      process.exitCode = 1;
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

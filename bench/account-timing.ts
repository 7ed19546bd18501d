/**
 * Accounts: does an answer's timing tell whether an address has an account? For sign-up,
 * "forgot password" and "email me a sign-in link", it sends requests for an address that has an
 * account and for one that has not, alternately, one at a time on one keep-alive connection, and
 * prints the latency of each side (median, p90) and the difference of the medians. The workspace
 * is set to require a confirmed email first (the mode in which sign-up hides who has an account;
 * without it a new address is signed in at once, so the answers differ anyway). Every address is
 * used once, so only whether it has an account differs between the sides. A pause after each
 * request lets the background job it started finish, so each answer is measured on its own.
 *
 *   node --import tsx bench/account-timing.ts [--port 3671] [--rounds 40] [--pause-ms 150] [--database-url …]
 */
import {
  argValue,
  BENCH_ADMIN,
  ensureBuild,
  environmentInfo,
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

const PORT = Number(argValue('port') ?? 3671);
const ROUNDS = Number(argValue('rounds') ?? 40);
const PAUSE_MS = Number(argValue('pause-ms') ?? 150);
const DATABASE_URL = argValue('database-url');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)] ?? NaN;

async function post(
  base: string,
  path: string,
  body: unknown,
  cookie?: string,
  method = 'POST',
): Promise<{ status: number; ms: number; cookie?: string }> {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  return {
    status: res.status,
    ms,
    cookie: res.headers
      .getSetCookie()
      .find((c) => c.includes('chorus_session='))
      ?.split(';')[0],
  };
}

interface Flow {
  name: string;
  path: string;
  known: (i: number) => unknown;
  unknown: (i: number) => unknown;
}

async function main() {
  ensureBuild();
  const dataDir = DATABASE_URL ? undefined : tempDataDir('account-timing');
  const server = await startServer({
    port: PORT,
    dataDir,
    databaseUrl: DATABASE_URL,
    env: { CHORUS_RATE_LIMIT_MULTIPLIER: '1000', LOG_LEVEL: 'warn' },
  });
  try {
    await waitForHealth(server);
    const base = server.url;
    const admin = await post(base, '/api/v1/auth/sign-in', BENCH_ADMIN);
    if (admin.status !== 200 || !admin.cookie) throw new Error(`admin sign-in failed: ${admin.status}`);
    const setting = await post(base, '/api/v1/admin/settings', { emailConfirmation: 'required' }, admin.cookie, 'PATCH');
    if (setting.status !== 200) throw new Error(`could not require a confirmed email: ${setting.status}`);
    // Every request names an address not used before on either side, so per-address state (the
    // rate-limit row of the address) is as new for a known address as for an unknown one; only
    // whether the address has an account differs. The known accounts are made first.
    const run = Date.now().toString(36);
    const knownEmail = (flow: string, i: number) => `known-${flow}-${run}-${i}@example.test`;
    const flowNames = ['sign-up', 'forgot-password', 'magic-link'];
    for (const flow of flowNames) {
      for (let i = -1; i < ROUNDS; i++) {
        const up = await post(base, '/api/v1/auth/sign-up', {
          email: knownEmail(flow, i),
          displayName: 'Known',
          password: 'bench password 1234',
        });
        if (up.status !== 202) throw new Error(`making a known account answered ${up.status}`);
      }
    }
    await sleep(3000); // the sign-up jobs create the accounts in the background
    const password = 'bench password 1234';
    const flows: Flow[] = [
      {
        name: 'sign-up',
        path: '/api/v1/auth/sign-up',
        known: (i) => ({ email: knownEmail('sign-up', i), displayName: 'Bench', password }),
        unknown: (i) => ({ email: `new-${run}-${i}@example.test`, displayName: 'Bench', password }),
      },
      {
        name: 'forgot-password',
        path: '/api/v1/auth/forgot-password',
        known: (i) => ({ email: knownEmail('forgot-password', i) }),
        unknown: (i) => ({ email: `nobody-reset-${run}-${i}@example.test` }),
      },
      {
        name: 'magic-link',
        path: '/api/v1/auth/magic-link',
        known: (i) => ({ email: knownEmail('magic-link', i) }),
        unknown: (i) => ({ email: `nobody-link-${run}-${i}@example.test` }),
      },
    ];

    const results: Record<string, { known: number[]; unknown: number[] }> = {};
    for (const flow of flows) {
      const r = (results[flow.name] = { known: [] as number[], unknown: [] as number[] });
      // Warm-up: one of each, not counted.
      for (const body of [flow.known(-1), flow.unknown(-1)]) {
        await post(base, flow.path, body);
        await sleep(PAUSE_MS);
      }
      for (let i = 0; i < ROUNDS; i++) {
        // Alternate which side goes first, so neither always follows the other's background job.
        const order = i % 2 ? (['unknown', 'known'] as const) : (['known', 'unknown'] as const);
        for (const side of order) {
          const answer = await post(base, flow.path, flow[side](i));
          if (answer.status !== 202) throw new Error(`${flow.name} (${side}) answered ${answer.status}`);
          r[side].push(answer.ms);
          await sleep(PAUSE_MS);
        }
      }
    }

    console.log(
      `\nAccount flows: latency for an address with an account vs without (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${ROUNDS} rounds, ${PAUSE_MS} ms pause)`,
    );
    const rows: (string | number)[][] = [['flow', 'known p50 ms', 'unknown p50 ms', 'known p90 ms', 'unknown p90 ms', 'p50 difference ms']];
    for (const [name, r] of Object.entries(results)) {
      rows.push([
        name,
        round(median(r.known)),
        round(median(r.unknown)),
        round(p90(r.known)),
        round(p90(r.unknown)),
        round(median(r.known) - median(r.unknown)),
      ]);
    }
    console.log(table(rows));
    const file = writeResult(DATABASE_URL ? 'account-timing-postgres' : 'account-timing', {
      environment: environmentInfo(),
      rounds: ROUNDS,
      pauseMs: PAUSE_MS,
      results,
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

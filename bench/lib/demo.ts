/**
 * What the benchmarks on the 10,000-post demo workspace share (bench/embedded.ts,
 * bench/scale-path.ts): a seeded PGlite template, sessions written into the database, waiting
 * until the background work a seed asks for is done, and the CPU of the PostgreSQL server.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { AutocannonRequest } from 'autocannon';
import pg from 'pg';
import { embeddedSocketUrl } from '../../src/server/db/open';
import { runLoad, type LoadResult } from './load';
import { seedDemoData } from './seed';
import { BENCH_ADMIN, cpuMs, round, startServer, stopServer, tempDataDir, waitFor200, type RunningServer } from './server';

/** CPU ms used so far by every PostgreSQL server process on this machine (the benchmark's own server). */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (name !== 'postgres') continue;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(f[11]) + Number(f[12])) * 10;
    } catch {
      // gone
    }
  }
  return total;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until no background job is due for 3 s in a row (at most 5 minutes). */
export async function waitForIdleJobs(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = performance.now();
  let quiet = 0;
  try {
    while (performance.now() - t0 < 300_000) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from jobs where run_at <= now()`);
      quiet = rows[0]!.n === 0 ? quiet + 1 : 0;
      if (quiet >= 3) break;
      await sleep(1000);
    }
  } finally {
    await client.end();
  }
  return performance.now() - t0;
}

export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return sessionCookieOf(res);
}

/**
 * The session cookie a sign-in answer set, as a Cookie header. Only the session: on PostgreSQL the
 * answer also sets the recent-write cookie, first, and a client that sent that one on and on would
 * read freshly as a visitor, not as the person signed in (a browser drops it after a few seconds).
 */
export function sessionCookieOf(res: Response): string {
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => /^(__Host-)?chorus_session=/.test(c));
  if (!session) throw new Error(`the answer (${res.status}) set no session cookie`);
  return session;
}

/** Sessions for the first `count` demo members, written straight into the database. */
export async function memberCookies(url: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `select id from users where role = 'member' and deleted_at is null and banned_at is null order by created_at, id limit $1`,
      [count],
    );
    const tokens = rows.map(() => randomBytes(32).toString('base64url'));
    for (const [i, row] of rows.entries()) {
      await client.query(`insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [
        createHash('sha256').update(tokens[i]!).digest('hex'),
        row.id,
      ]);
    }
    // PUBLIC_URL is http, so the cookie has no __Host- prefix.
    return tokens.map((t) => `chorus_session=${t}`);
  } finally {
    await client.end();
  }
}

/** A PGlite data dir with the demo seeded and the background work it asks for done. */
export async function prepareTemplate(posts: number, port: number): Promise<string> {
  const dir = tempDataDir('embedded-template');
  console.log(`seeding ${posts} posts into ${dir}…`);
  seedDemoData({ posts, dataDir: dir });
  const server = await startServer({ port, dataDir: dir });
  try {
    await waitFor200(server, '/api/health', 180_000, 100);
    const url = embeddedSocketUrl(dir);
    if (url) console.log(`background work after the seed took ${round((await waitForIdleJobs(url)) / 1000, 1)} s`);
  } finally {
    await stopServer(server);
  }
  return dir;
}

/** A load's figures with the CPU each request cost the server process (all threads) and, on PostgreSQL, its server processes. */
export type MeasuredLoad = LoadResult & { cpuMsPerRequest: number; dbCpuMsPerRequest: number };

/**
 * A page loaded by signed-in people, each request with the next of `cookies` (consecutive
 * requests are different people when there are several), after a warm-up.
 */
export async function signedInLoad(
  server: RunningServer,
  pathname: string,
  cookies: readonly string[],
  opts: { connections: number; durationSec: number; warmupSec: number },
): Promise<MeasuredLoad> {
  let turn = 0;
  const requests: AutocannonRequest[] = [
    { setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: cookies[turn++ % cookies.length]! } }) },
  ];
  const url = server.url + pathname;
  if (opts.warmupSec > 0) await runLoad({ url, connections: opts.connections, durationSec: opts.warmupSec, requests });
  const app0 = cpuMs(server.pid);
  const db0 = postgresCpuMs();
  const r = await runLoad({ url, connections: opts.connections, durationSec: opts.durationSec, requests });
  const n = Math.max(1, r.totalRequests);
  return { ...r, cpuMsPerRequest: (cpuMs(server.pid) - app0) / n, dbCpuMsPerRequest: (postgresCpuMs() - db0) / n };
}

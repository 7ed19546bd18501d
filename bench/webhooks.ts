/**
 * Webhooks, in-process on an in-memory PGlite (or `--database-url`), no Next.js: the vote route
 * served over a local HTTP server with every feature's job handlers registered (as the server
 * does), and a receiver on 127.0.0.1, in a process of its own, answering 204 at once.
 *
 * 1. The latency of the request that causes an event (`PUT /api/v1/posts/<n>/vote`, a new vote
 *    each time: `vote.created`), one request at a time, `--requests` (default 300) requests, with
 *    0 and then with 50 endpoints subscribed. The deliveries are sent in the background while the
 *    next requests arrive, as in production; p50/p95/p99 of the requests, and how long after the
 *    last request every delivery had arrived.
 *    Then again with 50 endpoints, the requests paced at `--paced` a second (default 5: 250
 *    deliveries a second, within what one instance sends), as a busy board would see them.
 * 2. Delivery throughput: `--deliveries` (default 2,000) deliveries queued across the 50
 *    endpoints, sent by one instance (10 at a time): deliveries per second.
 *
 *   node --import tsx bench/webhooks.ts [--requests 300] [--deliveries 2000] [--paced 5] [--database-url postgres://…]
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { NextApiRequest, NextApiResponse } from 'next';
import { jobHandlers } from '@/composition/background';
import { voteRoute } from '@/features/votes/server/handlers';
import { kickWebhookDelivery } from '@/features/webhooks/server/delivery-service';
import { db, queryRows } from '@/server/db/client';
import { closeDatabase, openDatabase } from '@/server/db/open';
import { boards, posts, users, webhookDeliveries, webhookEndpoints, workspaceSettings } from '@/server/db/schema';
import { sessionCookieName } from '@/server/identity/cookies';
import { createSession } from '@/server/identity/sessions';
import { drainJobs, kickJobs, registerJobHandlers } from '@/server/jobs/queue';
import { forgetWorkspace } from '@/server/workspace';
import { argValue, formatLoad, loadAvg, table, writeResult } from './lib/server';

const REQUESTS = Number(argValue('requests') ?? 300);
const DELIVERIES = Number(argValue('deliveries') ?? 2000);
const DATABASE_URL = argValue('database-url');
const ENDPOINTS = 50;
/** The third latency phase sends this many votes a second (50 deliveries each), not back to back. */
const PACED = Number(argValue('paced') ?? 5);

// The receiver is on loopback: allowed on purpose, as an operator would (docs/operations.md).
process.env.CHORUS_WEBHOOK_ALLOW_HOSTS = '127.0.0.1';
process.env.CHORUS_WEBHOOK_ALLOW_HTTP = '1';
process.env.CHORUS_RATE_LIMIT_MULTIPLIER = '1000';
process.env.LOG_LEVEL = 'warn';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const loadBefore = loadAvg();
  const handle = await openDatabase(DATABASE_URL ? { databaseUrl: DATABASE_URL } : {});
  await handle.migrate();
  await db().update(workspaceSettings).set({ setupCompletedAt: new Date() }).where(eq(workspaceSettings.id, 1));
  forgetWorkspace();
  await db().delete(webhookEndpoints);
  const [board] = await db()
    .insert(boards)
    .values({ slug: `bench-${randomUUID().slice(0, 6)}`, name: 'Bench' })
    .returning();
  const [post] = await db().insert(posts).values({ boardId: board!.id, title: 'A post people vote on', body: 'Votes here.' }).returning();
  // One member per request and phase: each request is a new vote (a vote.created event).
  const members = await db()
    .insert(users)
    .values(
      Array.from({ length: REQUESTS * 3 }, (_, i) => ({
        email: `voter-${randomUUID().slice(0, 8)}-${i}@bench.test`,
        displayName: `Voter ${i}`,
      })),
    )
    .returning({ id: users.id });
  const cookies: string[] = [];
  for (const m of members) cookies.push(`${sessionCookieName()}=${await createSession(m.id)}`);

  // The receiver runs in a process of its own, as a real one would: its work must not share this
  // process's one thread with the API it measures. It counts what it received (GET /count).
  const receiverProcess = spawn(
    process.execPath,
    [
      '-e',
      `let n = 0;
       const s = require('node:http').createServer((req, res) => {
         if (req.url === '/count') return res.end(String(n));
         req.resume();
         req.on('end', () => { n++; res.writeHead(204).end(); });
       });
       s.listen(0, '127.0.0.1', () => console.log(s.address().port));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const receiverPort = await new Promise<number>((resolve, reject) => {
    receiverProcess.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    receiverProcess.once('exit', () => reject(new Error('the receiver process exited')));
  });
  const countAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const receivedCount = () =>
    new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: receiverPort, path: '/count', agent: countAgent }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve(Number(body)));
        })
        .on('error', reject);
    });
  const hookUrl = `http://127.0.0.1:${receiverPort}/hook`;

  registerJobHandlers(jobHandlers);
  const api = http.createServer((req, res) => {
    Object.assign(req, { query: { number: String(post!.number) } });
    void voteRoute(req as NextApiRequest, res as NextApiResponse);
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/api/v1/posts/${post!.number}/vote`;

  const waitUntil = async (done: () => Promise<boolean>, timeoutMs = 600_000) => {
    const t0 = performance.now();
    while (!(await done())) {
      if (performance.now() - t0 > timeoutMs) throw new Error('timed out waiting for the background work');
      await new Promise((r) => setTimeout(r, 20));
    }
    return performance.now() - t0;
  };
  const pendingDeliveries = async () =>
    Number(
      (
        (await db().execute(sql`select count(*)::int as n from webhook_deliveries where state = 'pending'`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );
  const dueJobs = async () =>
    Number(
      (
        (await db().execute(sql`select count(*)::int as n from jobs where attempts < max_attempts and run_at <= now()`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );

  // Failed attempts (none are expected against a receiver on loopback): counted and named per phase,
  // and printed while the bench waits, so a slow settle says why.
  const failedAttempts = () =>
    queryRows<{ error: string; n: number }>(
      sql`select coalesce(error, 'HTTP ' || status_code) as error, count(*)::int as n from webhook_attempts where not ok group by 1 order by 2 desc`,
    );

  async function phase(endpoints: number, offset: number, perSecond?: number) {
    await db().delete(webhookEndpoints);
    if (endpoints > 0) {
      await db()
        .insert(webhookEndpoints)
        .values(
          Array.from({ length: endpoints }, (_, i) => ({ url: `${hookUrl}?e=${i}`, events: ['vote.created'], secret: `whsec_bench_${i}` })),
        );
    }
    const receivedBefore = await receivedCount();
    const times: number[] = [];
    const start = performance.now();
    for (let i = 0; i < REQUESTS; i++) {
      // Paced: request i starts at i / perSecond seconds (or at once, if the previous one ran late).
      if (perSecond) await new Promise((r) => setTimeout(r, Math.max(0, start + (i * 1000) / perSecond - performance.now())));
      const t0 = performance.now();
      const res = await fetch(apiUrl, { method: 'PUT', headers: { cookie: cookies[offset + i]! } });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`vote answered ${res.status}`);
    }
    let received = receivedBefore;
    let told = performance.now();
    const settleMs = await waitUntil(async () => {
      received = await receivedCount();
      if (performance.now() - told > 15_000) {
        told = performance.now();
        console.error(
          `…waiting: ${received - receivedBefore} of ${REQUESTS * endpoints} received, ${await pendingDeliveries()} pending, ` +
            `${await dueJobs()} jobs due; failed attempts so far: ${JSON.stringify(await failedAttempts())}`,
        );
      }
      // A job that fell due later (a retry, a scheduled fold) is run as the server's poller would.
      const due = await dueJobs();
      if (due > 0) kickJobs();
      return due === 0 && (await pendingDeliveries()) === 0 && received - receivedBefore >= REQUESTS * endpoints;
    });
    const failed = (await failedAttempts()).reduce((n, r) => n + Number(r.n), 0);
    await db().execute(sql`delete from webhook_attempts`);
    times.sort((a, b) => a - b);
    return {
      label: `${endpoints} endpoints${perSecond ? `, ${perSecond} votes/s` : ''}`,
      requests: REQUESTS,
      p50Ms: +pct(times, 50).toFixed(1),
      p95Ms: +pct(times, 95).toFixed(1),
      p99Ms: +pct(times, 99).toFixed(1),
      maxMs: +times.at(-1)!.toFixed(1),
      deliveries: received - receivedBefore,
      failedAttempts: failed,
      allDeliveredAfterLastRequestMs: Math.round(settleMs),
    };
  }

  // Warm-up: the route's modules, the statements' plans.
  await phase(0, 0).catch(() => undefined);
  await db().execute(sql`delete from votes`);
  await db().execute(sql`update posts set vote_count = 0`);
  await drainJobs(jobHandlers);
  const latency = [await phase(0, 0), await phase(ENDPOINTS, REQUESTS), await phase(ENDPOINTS, REQUESTS * 2, PACED)];

  // Throughput: deliveries queued up front, then sent by this instance.
  registerJobHandlers(undefined);
  const endpointIds = (await db().select({ id: webhookEndpoints.id }).from(webhookEndpoints)).map((e) => e.id);
  const payload = {
    id: randomUUID(),
    type: 'vote.created',
    createdAt: new Date().toISOString(),
    data: { post: { number: post!.number, title: 'A post people vote on' } },
  };
  const rows = Array.from({ length: DELIVERIES }, (_, i) => ({
    endpointId: endpointIds[i % endpointIds.length]!,
    eventId: payload.id,
    eventType: 'vote.created',
    payload,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db()
      .insert(webhookDeliveries)
      .values(rows.slice(i, i + 500));
  const before = await receivedCount();
  const t0 = performance.now();
  const delivered = await kickWebhookDelivery();
  const seconds = (performance.now() - t0) / 1000;
  const throughput = {
    deliveries: DELIVERIES,
    delivered,
    received: (await receivedCount()) - before,
    seconds: +seconds.toFixed(2),
    perSecond: Math.round(delivered / seconds),
  };

  api.closeAllConnections();
  countAgent.destroy();
  receiverProcess.kill();
  await new Promise((r) => api.close(r));
  await closeDatabase();
  const loadAfter = loadAvg();

  console.log(
    `\nWebhooks (${DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite, in memory'}); ` +
      `load average before ${formatLoad(loadBefore)}, after ${formatLoad(loadAfter)}\n`,
  );
  console.log('The request that causes an event (PUT vote, one at a time; deliveries sent in the background meanwhile):');
  console.log(
    table([
      [
        'subscribed',
        'requests',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        'deliveries',
        'failed attempts',
        'all delivered after the last request',
      ],
      ...latency.map((r) => [
        r.label,
        r.requests,
        r.p50Ms,
        r.p95Ms,
        r.p99Ms,
        r.maxMs,
        r.deliveries,
        r.failedAttempts,
        `${r.allDeliveredAfterLastRequestMs} ms`,
      ]),
    ]),
  );
  console.log(
    `\nDelivery throughput: ${throughput.delivered} of ${throughput.deliveries} deliveries to a local receiver ` +
      `in ${throughput.seconds} s: ${throughput.perSecond} deliveries/s`,
  );
  writeResult(DATABASE_URL ? 'webhooks-postgres' : 'webhooks', { latency, throughput, loadBefore, loadAfter });
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

/**
 * Webhooks, in-process on an in-memory PGlite (or `--database-url`), no Next.js: the vote route
 * served over a local HTTP server with every feature's job handlers registered (as the server
 * does), and a receiver on 127.0.0.1 answering 204 at once.
 *
 * 1. The latency of the request that causes an event (`PUT /api/v1/posts/<n>/vote`, a new vote
 *    each time: `vote.created`), one request at a time, `--requests` (default 300) requests, with
 *    0 and then with 50 endpoints subscribed. The deliveries are sent in the background while the
 *    next requests arrive, as in production; p50/p95/p99 of the requests, and how long after the
 *    last request every delivery had arrived.
 * 2. Delivery throughput: `--deliveries` (default 2,000) deliveries queued across the 50
 *    endpoints, sent by one instance (10 at a time): deliveries per second.
 *
 *   node --import tsx bench/webhooks.ts [--requests 300] [--deliveries 2000] [--database-url postgres://…]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { NextApiRequest, NextApiResponse } from 'next';
import { jobHandlers } from '@/composition/background';
import { voteRoute } from '@/features/votes/server/handlers';
import { kickWebhookDelivery } from '@/features/webhooks/server/delivery-service';
import { db } from '@/server/db/client';
import { closeDatabase, openDatabase } from '@/server/db/open';
import { boards, posts, users, webhookDeliveries, webhookEndpoints, workspaceSettings } from '@/server/db/schema';
import { sessionCookieName } from '@/server/identity/cookies';
import { createSession } from '@/server/identity/sessions';
import { drainJobs, registerJobHandlers } from '@/server/jobs/queue';
import { forgetWorkspace } from '@/server/workspace';
import { argValue, formatLoad, loadAvg, table, writeResult } from './lib/server';

const REQUESTS = Number(argValue('requests') ?? 300);
const DELIVERIES = Number(argValue('deliveries') ?? 2000);
const DATABASE_URL = argValue('database-url');
const ENDPOINTS = 50;

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
      Array.from({ length: REQUESTS * 2 }, (_, i) => ({
        email: `voter-${randomUUID().slice(0, 8)}-${i}@bench.test`,
        displayName: `Voter ${i}`,
      })),
    )
    .returning({ id: users.id });
  const cookies: string[] = [];
  for (const m of members) cookies.push(`${sessionCookieName()}=${await createSession(m.id)}`);

  let received = 0;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

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

  async function phase(endpoints: number, offset: number) {
    await db().delete(webhookEndpoints);
    if (endpoints > 0) {
      await db()
        .insert(webhookEndpoints)
        .values(
          Array.from({ length: endpoints }, (_, i) => ({ url: `${hookUrl}?e=${i}`, events: ['vote.created'], secret: `whsec_bench_${i}` })),
        );
    }
    const receivedBefore = received;
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      const res = await fetch(apiUrl, { method: 'PUT', headers: { cookie: cookies[offset + i]! } });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`vote answered ${res.status}`);
    }
    const settleMs = await waitUntil(
      async () => (await dueJobs()) === 0 && (await pendingDeliveries()) === 0 && received - receivedBefore >= REQUESTS * endpoints,
    );
    times.sort((a, b) => a - b);
    return {
      label: `${endpoints} endpoints`,
      requests: REQUESTS,
      p50Ms: +pct(times, 50).toFixed(1),
      p95Ms: +pct(times, 95).toFixed(1),
      p99Ms: +pct(times, 99).toFixed(1),
      maxMs: +times.at(-1)!.toFixed(1),
      deliveries: received - receivedBefore,
      allDeliveredAfterLastRequestMs: Math.round(settleMs),
    };
  }

  // Warm-up: the route's modules, the statements' plans.
  await phase(0, 0).catch(() => undefined);
  await db().execute(sql`delete from votes`);
  await db().execute(sql`update posts set vote_count = 0`);
  await drainJobs(jobHandlers);
  const latency = [await phase(0, 0), await phase(ENDPOINTS, REQUESTS)];

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
  const before = received;
  const t0 = performance.now();
  const delivered = await kickWebhookDelivery();
  const seconds = (performance.now() - t0) / 1000;
  const throughput = {
    deliveries: DELIVERIES,
    delivered,
    received: received - before,
    seconds: +seconds.toFixed(2),
    perSecond: Math.round(delivered / seconds),
  };

  api.closeAllConnections();
  receiver.closeAllConnections();
  await Promise.all([new Promise((r) => api.close(r)), new Promise((r) => receiver.close(r))]);
  await closeDatabase();
  const loadAfter = loadAvg();

  console.log(
    `\nWebhooks (${DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite, in memory'}); ` +
      `load average before ${formatLoad(loadBefore)}, after ${formatLoad(loadAfter)}\n`,
  );
  console.log('The request that causes an event (PUT vote, one at a time; deliveries sent in the background meanwhile):');
  console.log(
    table([
      ['subscribed', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'deliveries', 'all delivered after the last request'],
      ...latency.map((r) => [
        r.label,
        r.requests,
        r.p50Ms,
        r.p95Ms,
        r.p99Ms,
        r.maxMs,
        r.deliveries,
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

/**
 * Webhooks end to end over a real HTTP receiver on 127.0.0.1 (allowed through
 * CHORUS_WEBHOOK_ALLOW_HOSTS): signature, retries, timeout, no redirects, disabling and telling
 * the admins, redelivery and test events, private boards, approval, and a slow receiver that
 * never slows the request that caused the event.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobHandlers } from '@/composition/background';
import { postApprovalRoute } from '@/features/moderation/server/handlers';
import { voteRoute } from '@/features/votes/server/handlers';
import { db } from '@/server/db/client';
import { notifications, outbox, rateLimits, webhookDeliveries, webhookEndpoints } from '@/server/db/schema';
import { registerJobHandlers } from '@/server/jobs/queue';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { insertBoard, insertPost } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { runJobs } from '@/test/jobs';
import { startReceiver, type Receiver } from '@/test/webhook-receiver';
import type { WebhookAttemptPage, WebhookEndpoint, WebhookEndpointWithSecret } from '../schema';
import { kickWebhookDelivery, setWebhookDeliveryDefaults } from './delivery-service';
import {
  webhookAttemptsRoute,
  webhookEnableRoute,
  webhookRedeliverRoute,
  webhookRoute,
  webhooksRoute,
  webhookSecretRoute,
  webhookTestRoute,
} from './handlers';

vi.hoisted(() => {
  process.env.CHORUS_WEBHOOK_ALLOW_HOSTS = '127.0.0.1';
  process.env.CHORUS_WEBHOOK_ALLOW_HTTP = '1';
});

useTestDatabase();

let actors: Awaited<ReturnType<typeof createRoleActors>>;
let receiver: Receiver;
let publicBoard: { id: string; slug: string };
let voter: TestActor;

beforeAll(async () => {
  actors = await createRoleActors();
  voter = await createTestActor('member');
  publicBoard = await insertBoard();
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(async () => {
  await db().delete(rateLimits);
  await db().delete(webhookEndpoints);
  receiver.received.length = 0;
  receiver.answer({ status: 204 });
  setWebhookDeliveryDefaults({ timeoutMs: 2000, retryDelaySeconds: () => 0 });
});
afterEach(() => registerJobHandlers(undefined));

const addEndpoint = async (over: Record<string, unknown> = {}, as: TestActor = actors.admin) => {
  const res = await callRoute<WebhookEndpointWithSecret>(webhooksRoute, {
    method: 'POST',
    body: { url: receiver.url(), events: ['vote.created', 'post.created', 'comment.created'], ...over },
    as,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
};
const vote = (number: number, as: TestActor = voter) => callRoute(voteRoute, { method: 'PUT', params: { number: String(number) }, as });
/** Runs the event jobs (fan-out) and then every due delivery. */
const deliver = async () => {
  await runJobs();
  await kickWebhookDelivery();
};
const log = async (id: string) => (await callRoute<WebhookAttemptPage>(webhookAttemptsRoute, { params: { id }, as: actors.admin })).json;

/** The verification code of docs/integrations.md, exactly as documented, loaded as a module. */
async function documentedVerifier(): Promise<(raw: string, header: string | undefined, secret: string, nowMs?: number) => boolean> {
  const doc = await readFile(path.resolve('docs/integrations.md'), 'utf8');
  const block = /<!-- verify-signature:start -->\s*```js\n([\s\S]*?)```\s*<!-- verify-signature:end -->/.exec(doc);
  expect(block, 'docs/integrations.md holds the verification code').not.toBeNull();
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'chorus-verify-')), 'verify.mjs');
  await writeFile(file, block![1]!);
  return ((await import(pathToFileURL(file).href)) as { verifyChorusSignature: never }).verifyChorusSignature;
}

describe('managing endpoints', () => {
  it('is for admins only, answers the secret once, and never lists it', async () => {
    for (const [as, status] of [
      [undefined, 401],
      [actors.member, 403],
      [actors.moderator, 403],
    ] as const) {
      expect((await callRoute(webhooksRoute, { as })).status).toBe(status);
      expect((await callRoute(webhooksRoute, { method: 'POST', body: { url: receiver.url(), events: ['vote.created'] }, as })).status).toBe(
        status,
      );
    }
    const created = await addEndpoint({ description: 'CRM' });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    expect(created).toMatchObject({ state: 'active', format: 'generic', includePrivate: false, description: 'CRM' });
    const list = await callRoute<{ items: WebhookEndpoint[] }>(webhooksRoute, { as: actors.admin });
    expect(list.json.items).toHaveLength(1);
    expect(JSON.stringify(list.json)).not.toContain(created.secret);
    const one = await callRoute(webhookRoute, { params: { id: created.id }, as: actors.admin });
    expect(JSON.stringify(one.json)).not.toContain(created.secret);
    const rotated = await callRoute<WebhookEndpointWithSecret>(webhookSecretRoute, {
      method: 'POST',
      params: { id: created.id },
      as: actors.admin,
    });
    expect(rotated.json.secret).toMatch(/^whsec_/);
    expect(rotated.json.secret).not.toBe(created.secret);
  });

  it('changes only the fields a PATCH sends', async () => {
    const created = await addEndpoint({ description: 'CRM sync', format: 'slack', includePrivate: true });
    const res = await callRoute<WebhookEndpoint>(webhookRoute, {
      method: 'PATCH',
      params: { id: created.id },
      body: { events: ['post.created'] },
      as: actors.admin,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ description: 'CRM sync', format: 'slack', includePrivate: true, events: ['post.created'] });
  });

  it('answers one endpoint with its last attempt, as the list does', async () => {
    const created = await addEndpoint();
    const post = await insertPost(publicBoard.id, { title: 'Last attempt' });
    expect((await vote(post.number)).status).toBe(200);
    await deliver();
    const lastAttempt = { at: expect.any(String), ok: true, statusCode: 204 };
    const one = await callRoute<WebhookEndpoint>(webhookRoute, { params: { id: created.id }, as: actors.admin });
    expect(one.json.lastAttempt).toEqual(lastAttempt);
    const patched = await callRoute<WebhookEndpoint>(webhookRoute, {
      method: 'PATCH',
      params: { id: created.id },
      body: { description: 'Renamed' },
      as: actors.admin,
    });
    expect(patched.json.lastAttempt).toEqual(lastAttempt);
  });

  it('refuses a URL that is not allowed at save time, naming the field', async () => {
    for (const url of [
      'https://10.0.0.5/x',
      'https://169.254.169.254/latest',
      'https://[::ffff:10.0.0.1]/x',
      'https://127.0.0.2/x',
      // IPv4-compatible IPv6: 169.254.169.254, 10.0.0.1 and 127.0.0.1 inside.
      'https://[::a9fe:a9fe]/latest/meta-data/',
      'https://[::a00:1]/x',
      'https://[::127.0.0.1]/x',
      'https://[64:ff9b:1::a00:1]/x',
    ]) {
      const res = await callRoute(webhooksRoute, { method: 'POST', body: { url, events: ['vote.created'] }, as: actors.admin });
      expect(res.status, url).toBe(422);
      expect(JSON.stringify(res.json)).toMatch(/"url":"This URL is refused/);
      // The kind of refusal, for a page to say in its reader's language.
      expect(res.json.error?.reason, url).toBe(url.includes('169.254.169.254') ? 'webhookUrlMetadata' : 'webhookUrlNonPublic');
    }
    const created = await addEndpoint();
    const res = await callRoute(webhookRoute, {
      method: 'PATCH',
      params: { id: created.id },
      body: { url: 'https://192.168.1.1/x' },
      as: actors.admin,
    });
    expect(res.status).toBe(422);
  });
});

describe('delivery', () => {
  it('signs the body so that the documented verification code accepts it, and sends only what a visitor sees', async () => {
    const endpoint = await addEndpoint();
    const post = await insertPost(publicBoard.id, { title: 'Dark mode', body: 'Please add *dark* mode' });
    expect((await vote(post.number)).status).toBe(200);
    await deliver();
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.headers['chorus-event']).toBe('vote.created');
    expect(got.headers['user-agent']).toBe('Chorus-Webhooks/1');
    expect(got.headers['chorus-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    const verify = await documentedVerifier();
    const header = got.headers['chorus-signature'] as string;
    expect(verify(got.body, header, endpoint.secret)).toBe(true);
    expect(verify(got.body, header, 'whsec_wrong')).toBe(false);
    expect(verify(`${got.body} `, header, endpoint.secret)).toBe(false);
    expect(verify(got.body, header, endpoint.secret, Date.now() + 6 * 60_000)).toBe(false);
    const body = JSON.parse(got.body) as { id: string; type: string; createdAt: string; data: { post: Record<string, unknown> } };
    expect(body).toMatchObject({ type: 'vote.created', data: { post: { number: post.number, title: 'Dark mode', voteCount: 1 } } });
    expect(body.id).toBe(got.headers['chorus-event-id']);
    expect(got.body).not.toContain('@example.test');
    expect(got.body).not.toContain(voter.displayName);
  });

  it('retries a 500 and then succeeds; each attempt is logged', async () => {
    const endpoint = await addEndpoint();
    receiver.answer({ status: 500, body: 'try later' }, { status: 200, body: 'ok' });
    await vote((await insertPost(publicBoard.id)).number);
    await deliver();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['chorus-delivery']).toBe(receiver.received[0]!.headers['chorus-delivery']);
    const { items } = await log(endpoint.id);
    expect(items.map((a) => [a.attempt, a.statusCode, a.ok])).toEqual([
      [2, 200, true],
      [1, 500, false],
    ]);
    expect(items[1]).toMatchObject({ responseBody: 'try later', error: 'The receiver answered 500.', deliveryState: 'delivered' });
    expect(items[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('gives up on a receiver that hangs after the timeout', async () => {
    const endpoint = await addEndpoint();
    setWebhookDeliveryDefaults({ timeoutMs: 300, retryDelaySeconds: () => 3600 });
    receiver.answer('hang');
    await vote((await insertPost(publicBoard.id)).number);
    const t0 = Date.now();
    await deliver();
    expect(Date.now() - t0).toBeLessThan(3000);
    const [attempt] = (await log(endpoint.id)).items;
    expect(attempt).toMatchObject({ ok: false, statusCode: null, error: 'Timed out after 0.3 s.', deliveryState: 'pending' });
  });

  it('does not follow a redirect: a 3xx is a failure', async () => {
    const endpoint = await addEndpoint();
    setWebhookDeliveryDefaults({ timeoutMs: 2000, retryDelaySeconds: () => 3600 });
    receiver.answer({ status: 302, headers: { location: receiver.url('/elsewhere') } });
    await vote((await insertPost(publicBoard.id)).number);
    await deliver();
    expect(receiver.received.map((r) => r.path)).toEqual(['/hook']);
    const [attempt] = (await log(endpoint.id)).items;
    expect(attempt).toMatchObject({ ok: false, statusCode: 302 });
    expect(attempt!.error).toMatch(/Redirect \(302\) not followed/);
  });

  it('disables the endpoint after the last attempt fails and tells every admin in the app and by email', async () => {
    const endpoint = await addEndpoint();
    const secondAdmin = await createTestActor('admin');
    setWebhookDeliveryDefaults({ timeoutMs: 2000, retryDelaySeconds: () => 0, maxAttempts: 3 });
    receiver.answer({ status: 503 });
    await vote((await insertPost(publicBoard.id)).number);
    await deliver();
    expect(receiver.received).toHaveLength(3);
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.disabledAt).not.toBeNull();
    expect(row!.disabledReason).toMatch(/3 failed attempts.*answered 503/);
    await runJobs();
    for (const admin of [actors.admin, secondAdmin]) {
      const told = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipientId, admin.id), eq(notifications.kind, 'admin_webhook_disabled')));
      expect(told).toHaveLength(1);
      expect(told[0]!.data).toMatchObject({ message: 'webhookDisabled', url: endpoint.url });
      const mail = await db().select().from(outbox).where(eq(outbox.recipient, admin.email));
      expect(mail.some((m) => m.subject.includes('Webhook endpoint disabled'))).toBe(true);
    }
    const memberTold = await db().select().from(notifications).where(eq(notifications.kind, 'admin_webhook_disabled'));
    expect(memberTold.every((n) => n.recipientId !== actors.moderator.id && n.recipientId !== actors.member.id)).toBe(true);

    // Disabled: new events are not queued for it; enabling it again brings them back.
    receiver.answer({ status: 204 });
    await vote((await insertPost(publicBoard.id)).number);
    await deliver();
    expect(receiver.received).toHaveLength(3);
    const enabled = await callRoute<WebhookEndpoint>(webhookEnableRoute, { method: 'POST', params: { id: endpoint.id }, as: actors.admin });
    expect(enabled.json.state).toBe('active');
    await vote((await insertPost(publicBoard.id)).number);
    await deliver();
    expect(receiver.received).toHaveLength(4);
  });

  it('sends a test event and redelivers a delivery with the same event id', async () => {
    const endpoint = await addEndpoint();
    const test = await callRoute<{ deliveryId: string; eventId: string }>(webhookTestRoute, {
      method: 'POST',
      params: { id: endpoint.id },
      as: actors.admin,
    });
    expect(test.status).toBe(202);
    await kickWebhookDelivery();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ id: test.json.eventId, type: 'webhook.test' });
    const again = await callRoute<{ deliveryId: string; eventId: string }>(webhookRedeliverRoute, {
      method: 'POST',
      params: { id: endpoint.id, delivery: test.json.deliveryId },
      as: actors.admin,
    });
    expect(again.status).toBe(202);
    expect(again.json.eventId).toBe(test.json.eventId);
    await kickWebhookDelivery();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['chorus-event-id']).toBe(test.json.eventId);
    expect(receiver.received[1]!.headers['chorus-delivery']).toBe(again.json.deliveryId);
    expect((await log(endpoint.id)).items.map((a) => a.deliveryId)).toEqual([again.json.deliveryId, test.json.deliveryId]);
    // Another endpoint's delivery is not this one's to redeliver.
    const other = await addEndpoint();
    const foreign = await callRoute(webhookRedeliverRoute, {
      method: 'POST',
      params: { id: other.id, delivery: test.json.deliveryId },
      as: actors.admin,
    });
    expect(foreign.status).toBe(404);
  });

  it("withholds a private board's events from endpoints not allowed private data", async () => {
    const privateBoard = await insertBoard({ visibility: 'private' });
    const open = await addEndpoint({ url: receiver.url('/open') });
    const trusted = await addEndpoint({ url: receiver.url('/trusted'), includePrivate: true });
    await vote((await insertPost(privateBoard.id)).number, actors.admin);
    await deliver();
    expect(receiver.received.map((r) => r.path)).toEqual(['/trusted']);
    const deliveries = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, open.id));
    expect(deliveries).toHaveLength(0);
    expect(trusted.includePrivate).toBe(true);
  });

  it('sends a post that waited for approval once approved, as post.created, and never a pending one', async () => {
    await addEndpoint({ events: ['post.created'] });
    const post = await insertPost(publicBoard.id, { approval: 'pending', title: 'Waiting' });
    const { emitEvent } = await import('@/server/events');
    await emitEvent(db(), { type: 'post.created', postId: post.id, actorId: voter.id });
    await deliver();
    expect(receiver.received).toHaveLength(0);
    const approved = await callRoute(postApprovalRoute, {
      method: 'POST',
      params: { number: String(post.number) },
      body: { approval: 'approved' },
      as: actors.moderator,
    });
    expect(approved.status).toBe(200);
    await deliver();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'post.created', data: { post: { title: 'Waiting' } } });
  });
});

describe('a slow receiver', () => {
  it('never holds the request that caused the event, nor the requests after it', async () => {
    registerJobHandlers(jobHandlers);
    // A delivery may wait a minute for its receiver, far longer than this test may run: a vote
    // that waited for its delivery would never answer in time.
    setWebhookDeliveryDefaults({ timeoutMs: 60_000, retryDelaySeconds: () => 3600 });
    await addEndpoint();
    receiver.answer('hang');
    const post = await insertPost(publicBoard.id);
    expect((await vote(post.number)).status).toBe(200);
    // The event's job runs after the answer, and the delivery starts: the receiver holds it.
    await receiver.waitFor(1, 5000);
    expect((await vote(post.number, actors.member)).status).toBe(200);
    expect(receiver.hanging(), 'the first delivery is still unanswered').toBeGreaterThanOrEqual(1);
    receiver.answer({ status: 204 });
    receiver.release();
    await receiver.waitFor(2, 8000);
    await kickWebhookDelivery();
  }, 20_000);
});

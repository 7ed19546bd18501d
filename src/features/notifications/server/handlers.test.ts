import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { outbox } from '@/server/db/schema';
import { enqueueEmail, MAX_EMAIL_ATTEMPTS } from '@/server/mail/outbox';
import { createRoleActors, type TestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { outboxPageSchema, type OutboxPage } from '../schema';
import { emailStatusRoute, outboxRoute } from './handlers';
import { deliveryState, type OutboxRow } from './service';

useTestDatabase();

let actors: { member: TestActor; moderator: TestActor; admin: TestActor };

beforeAll(async () => {
  actors = await createRoleActors();
  for (let i = 1; i <= 25; i++) {
    await enqueueEmail({
      to: i % 2 ? 'odd@example.test' : 'even@example.test',
      kind: 'test',
      subject: `Email ${i}`,
      text: `Body ${i}`,
      html: `<p>Body ${i}</p>`,
    });
  }
});

describe('GET /api/v1/admin/outbox: who may read it', () => {
  it('a visitor gets 401', async () => {
    const res = await callRoute(outboxRoute);
    expect(res.status).toBe(401);
    expect(res.json.error?.code).toBe('UNAUTHENTICATED');
  });

  it('a member gets 403', async () => {
    const res = await callRoute(outboxRoute, { as: actors.member });
    expect(res.status).toBe(403);
    expect(res.json.error?.code).toBe('FORBIDDEN');
  });

  it('a moderator gets 403', async () => {
    const res = await callRoute(outboxRoute, { as: actors.moderator });
    expect(res.status).toBe(403);
    expect(res.json.error?.code).toBe('FORBIDDEN');
  });

  it('an admin gets 200 with the emails', async () => {
    const res = await callRoute<OutboxPage>(outboxRoute, { as: actors.admin });
    expect(res.status).toBe(200);
    expect(outboxPageSchema.parse(res.json).items.length).toBeGreaterThan(0);
  });
});

describe('GET /api/v1/admin/outbox: what it answers', () => {
  it('pages newest first with a cursor until the end (20 by default)', async () => {
    const first = await callRoute<OutboxPage>(outboxRoute, { as: actors.admin });
    expect(first.json.items.map((m) => m.subject).slice(0, 2)).toEqual(['Email 25', 'Email 24']);
    expect(first.json.items).toHaveLength(20);
    expect(first.json.nextCursor).toBe(first.json.items[19]!.id);
    const second = await callRoute<OutboxPage>(outboxRoute, { as: actors.admin, query: { cursor: String(first.json.nextCursor) } });
    expect(second.json.items.map((m) => m.subject)).toEqual(['Email 5', 'Email 4', 'Email 3', 'Email 2', 'Email 1']);
    expect(second.json.nextCursor).toBeNull();
  });

  it('filters by recipient, case-insensitively', async () => {
    const res = await callRoute<OutboxPage>(outboxRoute, { as: actors.admin, query: { to: 'EVEN@example.test', limit: '100' } });
    expect(res.json.items).toHaveLength(12);
    expect(new Set(res.json.items.map((m) => m.to))).toEqual(new Set(['even@example.test']));
  });

  it('says an email was not sent when SMTP is not configured, and reports sent and failed ones', async () => {
    const res = await callRoute<OutboxPage>(outboxRoute, { as: actors.admin, query: { limit: '1' } });
    expect(res.json.smtpConfigured).toBe(false);
    expect(res.json.items[0]).toMatchObject({ status: 'smtp_off', sentAt: null, text: 'Body 25', html: '<p>Body 25</p>' });

    await db().update(outbox).set({ sentAt: new Date() });
    const sent = await callRoute<OutboxPage>(outboxRoute, { as: actors.admin, query: { limit: '1' } });
    expect(sent.json.items[0]!.status).toBe('sent');
    expect(sent.json.items[0]!.sentAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('refuses a limit over 100 with 422', async () => {
    const res = await callRoute(outboxRoute, { as: actors.admin, query: { limit: '101' } });
    expect(res.status).toBe(422);
    expect(res.json.error?.fields).toHaveProperty(['query.limit']);
  });
});

describe('delivery state of an outbox row', () => {
  const row = (over: Partial<OutboxRow>): OutboxRow => ({
    id: 1,
    channel: 'email',
    recipient: 'a@example.test',
    kind: 'test',
    subject: 's',
    payload: { text: '', html: '' },
    attempts: 0,
    lastError: null,
    nextAttemptAt: new Date(),
    sentAt: null,
    createdAt: new Date(),
    ...over,
  });

  it.each([
    ['sent', { sentAt: new Date(), attempts: 1 }, true],
    ['sent', { sentAt: new Date(), attempts: 1 }, false],
    ['smtp_off', {}, false],
    ['queued', {}, true],
    ['retrying', { attempts: 2, lastError: 'connection refused' }, true],
    ['failed', { attempts: MAX_EMAIL_ATTEMPTS, lastError: 'connection refused' }, true],
  ] as const)('is %s for %o (SMTP configured: %s)', (expected, over, smtp) => {
    expect(deliveryState(row(over), smtp)).toBe(expected);
  });
});

describe('GET /api/v1/admin/email-status: the team notice', () => {
  it('tells the team (moderators too) that email is not configured and how many emails wait; 401 and 403 otherwise', async () => {
    expect((await callRoute(emailStatusRoute)).status).toBe(401);
    expect((await callRoute(emailStatusRoute, { as: actors.member })).status).toBe(403);
    await enqueueEmail({ to: 'waiting@example.test', kind: 'test', subject: 'Waiting', text: 'Body', html: '<p>Body</p>' });
    const unsent = (await db().select().from(outbox)).filter((r) => !r.sentAt).length;
    expect(unsent).toBeGreaterThan(0);
    for (const who of [actors.moderator, actors.admin]) {
      const res = await callRoute(emailStatusRoute, { as: who });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ smtpConfigured: false, waiting: unsent });
    }
  });
});

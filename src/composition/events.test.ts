/**
 * The domain events the feedback loop emits (src/server/events.ts), through the real routes: each
 * change records exactly its event, in its own transaction, for the consumers wired in
 * src/composition/background.ts. A refused change records none. The fan-out queues a job only for
 * the consumers that list the event's type.
 */
import { eq, ne } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postCommentsRoute } from '@/features/comments/server/handlers';
import { postApprovalRoute } from '@/features/moderation/server/handlers';
import { postsRoute } from '@/features/posts/server/handlers';
import { postStatusRoute } from '@/features/posts/server/triage-handlers';
import { mergeRoute, voteRoute, votesRoute } from '@/features/votes/server/handlers';
import { db } from '@/server/db/client';
import { auditEvents, jobs, notifications, posts, rateLimits } from '@/server/db/schema';
import { domainEventSchema, EVENT_JOB_KIND, type DomainEvent } from '@/server/events';
import { enqueueJob, runDueJobs } from '@/server/jobs/queue';
import { jobHandlers } from './background';
import { createRoleActors, type TestActor } from '@/test/actors';
import { insertBoard, insertPost, statusBySlug } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';

useTestDatabase();

let actors: Awaited<ReturnType<typeof createRoleActors>>;
let board: { id: string; slug: string };

beforeAll(async () => {
  actors = await createRoleActors();
  board = await insertBoard();
});
beforeEach(async () => {
  await db().delete(jobs);
  await db().delete(rateLimits);
});

/** The events waiting for their consumers, oldest first, as their consumers will read them. */
async function events(): Promise<DomainEvent[]> {
  const rows = await db().select().from(jobs).where(eq(jobs.kind, EVENT_JOB_KIND)).orderBy(jobs.id);
  return rows.map((r) => domainEventSchema.parse(r.payload));
}

const post = (as: TestActor, title = 'An event-worthy idea') =>
  callRoute(postsRoute, { method: 'POST', body: { board: board.slug, title, body: '' }, as });
const comment = (on: { number: number }) =>
  callRoute(postCommentsRoute, { method: 'POST', params: { number: String(on.number) }, body: { body: 'Me too' }, as: actors.member });
const vote = (on: { number: number }, method: 'PUT' | 'DELETE' = 'PUT') =>
  callRoute(voteRoute, { method, params: { number: String(on.number) }, as: actors.member });

describe('domain events', () => {
  it('a new post records post.created with its author', async () => {
    const res = await post(actors.member);
    expect(res.status).toBe(201);
    expect(await events()).toEqual([{ type: 'post.created', postId: res.json.id, actorId: actors.member.id, at: expect.any(String) }]);
  });

  it('a status change records post.status_changed naming its history entry, and is audited', async () => {
    const row = await insertPost(board.id);
    const planned = await statusBySlug('planned');
    const res = await callRoute(postStatusRoute, {
      method: 'POST',
      params: { number: String(row.number) },
      body: { statusId: planned.id, note: 'Soon' },
      as: actors.moderator,
    });
    expect(res.status).toBe(200);
    const change = res.json.change as { id: number };
    expect(await events()).toEqual([
      { type: 'post.status_changed', postId: row.id, statusChangeId: change.id, actorId: actors.moderator.id, at: expect.any(String) },
    ]);
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.action, 'post.status_changed'));
    expect(audit.find((a) => a.targetId === String(row.number))).toMatchObject({
      actorId: actors.moderator.id,
      after: { status: planned.name, note: 'Soon' },
    });
  });

  it('a comment records comment.created; a vote records vote.created once, and unvoting nothing', async () => {
    const row = await insertPost(board.id);
    const commented = await comment(row);
    expect(commented.status).toBe(201);
    await vote(row);
    await vote(row);
    await vote(row, 'DELETE');
    expect((await events()).map((e) => e.type)).toEqual(['comment.created', 'vote.created']);
    expect((await events())[0]).toMatchObject({ postId: row.id, commentId: commented.json.id, actorId: actors.member.id });
  });

  it('a vote on someone’s behalf names the voter and the moderator who cast it', async () => {
    const row = await insertPost(board.id);
    const res = await callRoute(votesRoute, {
      method: 'POST',
      params: { number: String(row.number) },
      body: { email: 'customer@example.test' },
      as: actors.moderator,
    });
    expect(res.status).toBe(200);
    const [event] = await events();
    expect(event).toMatchObject({ type: 'vote.created', postId: row.id, actorId: actors.moderator.id });
    expect(event && 'userId' in event ? event.userId : null).toBe((res.json.voter as { id: string }).id);
  });

  it('approval decisions and merges record their events; a refused change records none', async () => {
    const pending = await insertPost(board.id, { approval: 'pending', authorId: actors.member.id });
    const ok = await callRoute(postApprovalRoute, {
      method: 'POST',
      params: { number: String(pending.number) },
      body: { approval: 'rejected' },
      as: actors.moderator,
    });
    expect(ok.status).toBe(200);
    const refused = await callRoute(postApprovalRoute, {
      method: 'POST',
      params: { number: String(pending.number) },
      body: { approval: 'approved' },
      as: actors.moderator,
    });
    expect(refused.status).toBe(409);

    const duplicate = await insertPost(board.id);
    const target = await insertPost(board.id);
    const merged = await callRoute(mergeRoute, {
      method: 'POST',
      params: { number: String(duplicate.number) },
      body: { into: target.number },
      as: actors.moderator,
    });
    expect(merged.status).toBe(200);
    expect(await events()).toEqual([
      { type: 'post.approval_decided', postId: pending.id, approval: 'rejected', actorId: actors.moderator.id, at: expect.any(String) },
      { type: 'post.merged', postId: duplicate.id, intoPostId: target.id, actorId: actors.moderator.id, at: expect.any(String) },
    ]);
    const [still] = await db().select({ approval: posts.approval }).from(posts).where(eq(posts.id, pending.id));
    expect(still?.approval).toBe('rejected');
  });
});

describe('the fan-out to consumers', () => {
  /** Runs the waiting `event` jobs only, then lists the jobs they queued by kind. */
  async function fanOut(): Promise<string[]> {
    await runDueJobs({ [EVENT_JOB_KIND]: jobHandlers[EVENT_JOB_KIND]! });
    const rows = await db().select({ kind: jobs.kind }).from(jobs).where(ne(jobs.kind, EVENT_JOB_KIND));
    return rows.map((r) => r.kind).sort();
  }

  it('a vote queues jobs for insights and webhooks only; a comment for notifications too', async () => {
    const row = await insertPost(board.id);
    expect(await db().select().from(jobs)).toEqual([]);
    expect((await vote(row)).status).toBe(200);
    expect((await db().select().from(jobs)).map((j) => j.kind)).toEqual([EVENT_JOB_KIND]);
    expect(await fanOut()).toEqual(['insights.event', 'webhooks.event']);
    // The event job is done: one vote left two jobs in all, not one per consumer.
    expect(await db().select().from(jobs)).toHaveLength(2);

    await db().delete(jobs);
    expect((await comment(row)).status).toBe(201);
    expect(await fanOut()).toEqual(['insights.event', 'notifications.event', 'webhooks.event']);
  });

  it('a consumer’s job for a type it does not list (queued earlier) completes and does nothing', async () => {
    const row = await insertPost(board.id, { authorId: actors.member.id });
    const before = await db().select().from(notifications);
    const event = { type: 'vote.created', postId: row.id, userId: actors.admin.id, actorId: actors.admin.id, at: new Date().toISOString() };
    await enqueueJob('notifications.event', event);
    await enqueueJob('changelog.notify', event);
    // Insights once took every event, and asked for a refresh of the recent days after each.
    await enqueueJob('insights.event', { type: 'changelog.published', entryId: row.id, actorId: actors.admin.id, at: event.at });
    expect(await runDueJobs(jobHandlers)).toBe(3);
    expect(await db().select().from(jobs)).toEqual([]);
    expect(await db().select().from(notifications)).toEqual(before);
  });
});

/**
 * Insights: each aggregate from rows at known times (posts, votes, comments, status changes),
 * with deleted, rejected and merged posts, a private board and the team's own posts; the
 * background refreshes; who may read them.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { comments, insightPosts, posts, rateLimits, statusChanges, votes } from '@/server/db/schema';
import { emitEvent } from '@/server/events';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { insertBoard, insertPost, statusBySlug } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { runJobs } from '@/test/jobs';
import type { InsightsReport } from '../schema';
import { insightsRoute } from './handlers';
import { getInsights, refreshAll, refreshRecent } from './service';

useTestDatabase();

const NOW = new Date('2026-11-18T12:00:00Z'); // a Wednesday
const PERIOD = { period: 'custom', from: '2026-11-02', to: '2026-11-18' } as const;
const at = (iso: string) => new Date(iso);
const HOUR = 3600;

let actors: Awaited<ReturnType<typeof createRoleActors>>;
let m: TestActor[];
const ids: Record<string, { id: string; number: number }> = {};

async function vote(post: string, who: TestActor, when: string, mergedFrom?: string) {
  await db()
    .insert(votes)
    .values({ postId: ids[post]!.id, userId: who.id, createdAt: at(when), mergedFromId: mergedFrom ? ids[mergedFrom]!.id : null });
}
async function comment(post: string, who: TestActor, when: string, extra: Partial<typeof comments.$inferInsert> = {}) {
  await db()
    .insert(comments)
    .values({ postId: ids[post]!.id, authorId: who.id, body: 'text', createdAt: at(when), ...extra });
}

beforeAll(async () => {
  actors = await createRoleActors();
  m = await Promise.all([1, 2, 3, 4, 5].map(() => createTestActor('member')));
  const boardA = await insertBoard({ name: 'Alpha' });
  const boardB = await insertBoard({ name: 'Beta', visibility: 'private' });
  const open = await statusBySlug('open');
  const planned = await statusBySlug('planned');
  const add = async (name: string, boardId: string, created: string, extra: Partial<typeof posts.$inferInsert> = {}) => {
    const row = await insertPost(boardId, {
      title: `Post ${name}`,
      authorId: m[0]!.id,
      statusId: open.id,
      createdAt: at(created),
      ...extra,
    });
    ids[name] = { id: row.id, number: row.number };
  };
  await add('old', boardA.id, '2026-10-01T10:00:00Z', { voteCount: 5 });
  await add('p1', boardA.id, '2026-11-03T10:00:00Z', { voteCount: 3 });
  await add('dup', boardA.id, '2026-11-04T10:00:00Z');
  await add('p2', boardA.id, '2026-11-10T09:00:00Z', { statusId: planned.id, voteCount: 2 });
  await add('deleted', boardA.id, '2026-11-10T11:00:00Z', { deletedAt: at('2026-11-12T00:00:00Z'), voteCount: 4 });
  await add('rejected', boardA.id, '2026-11-11T11:00:00Z', { approval: 'rejected' });
  await add('teamPost', boardB.id, '2026-11-16T08:00:00Z', { authorId: actors.moderator.id });
  await add('p3', boardB.id, '2026-11-17T08:00:00Z', { voteCount: 2 });
  await add('later', boardA.id, '2026-11-19T08:00:00Z'); // after the period
  await db()
    .update(posts)
    .set({ mergedIntoId: ids.p2!.id, mergedAt: at('2026-11-12T00:00:00Z') })
    .where(eq(posts.id, ids.dup!.id));

  await vote('old', m[0]!, '2026-09-30T10:00:00Z'); // before the period
  await vote('old', m[1]!, '2026-11-11T10:00:00Z');
  await vote('old', m[2]!, '2026-11-12T10:00:00Z');
  await vote('old', m[3]!, '2026-11-12T11:00:00Z');
  await vote('old', m[4]!, '2026-11-13T10:00:00Z');
  await vote('p1', m[0]!, '2026-11-03T10:00:00Z');
  await vote('p1', m[1]!, '2026-11-10T10:00:00Z');
  await vote('p1', m[2]!, '2026-11-17T10:00:00Z');
  await vote('dup', m[2]!, '2026-11-05T10:00:00Z');
  await vote('p2', m[0]!, '2026-11-10T10:00:00Z');
  await vote('p2', m[2]!, '2026-11-05T10:00:00Z', 'dup'); // the copy a merge made of the duplicate's vote
  for (const who of m.slice(0, 4)) await vote('deleted', who, '2026-11-10T12:00:00Z');
  await vote('p3', m[0]!, '2026-11-17T10:00:00Z');
  await vote('p3', m[1]!, '2026-11-17T11:00:00Z');

  await comment('p1', m[1]!, '2026-11-03T11:00:00Z');
  await comment('p1', actors.moderator, '2026-11-03T12:00:00Z'); // first team answer: 2 h
  await comment('p2', actors.moderator, '2026-11-10T09:30:00Z', { internal: true }); // a note answers nobody
  await db()
    .insert(statusChanges)
    .values({
      postId: ids.p2!.id,
      fromStatusId: open.id,
      toStatusId: planned.id,
      byId: actors.admin.id,
      createdAt: at('2026-11-10T15:00:00Z'),
    }); // 6 h
  await comment('p3', actors.moderator, '2026-11-17T09:00:00Z', { deletedAt: at('2026-11-17T10:00:00Z') });
  await comment('deleted', m[1]!, '2026-11-10T13:00:00Z');
  await comment('old', m[1]!, '2026-11-18T09:00:00Z');

  await refreshAll(db(), NOW);
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

describe('aggregates', () => {
  let report: InsightsReport;
  beforeAll(async () => {
    report = await getInsights(PERIOD, NOW);
  });

  it('counts posts, votes and comments per ISO week (UTC), without deleted or rejected posts and merge copies', () => {
    expect(report.period).toEqual({ key: 'custom', from: '2026-11-02', to: '2026-11-18', timezone: 'UTC' });
    expect(report.weeks).toEqual([
      { week: '2026-11-02', posts: 2, votes: 2, comments: 2 },
      { week: '2026-11-09', posts: 1, votes: 6, comments: 0 },
      { week: '2026-11-16', posts: 2, votes: 3, comments: 1 },
    ]);
  });

  it('lists the weeks of a period with zeros where nothing happened', async () => {
    const quiet = await getInsights({ period: 'custom', from: '2026-08-01', to: '2026-08-20' }, NOW);
    expect(quiet.weeks.map((w) => w.week)).toEqual(['2026-07-27', '2026-08-03', '2026-08-10', '2026-08-17']);
    expect(quiet.weeks.every((w) => w.posts + w.votes + w.comments === 0)).toBe(true);
    expect(quiet.topRequests).toEqual([]);
    expect(quiet.boards).toEqual([]);
    expect(quiet.firstResponse).toEqual({ medianSeconds: null, answered: 0, unanswered: 0 });
  });

  it('ranks top requests by votes gained in the period (merged-in votes count on their target)', () => {
    expect(report.topRequests.map((r) => [r.number, r.votesGained, r.voteCount])).toEqual([
      [ids.old!.number, 4, 5],
      [ids.p1!.number, 3, 3],
      [ids.p2!.number, 2, 2],
      [ids.p3!.number, 2, 2],
    ]);
    expect(report.topRequests[0]).toMatchObject({ title: 'Post old', board: 'Alpha' });
  });

  it('gives the median time to the first team answer on new posts by people outside the team', () => {
    // p1 answered by a comment after 2 h, p2 by a status change after 6 h; p3 and the duplicate unanswered.
    expect(report.firstResponse).toEqual({ medianSeconds: 4 * HOUR, answered: 2, unanswered: 2 });
  });

  it('shows where the period’s new posts stand, merged duplicates left out', () => {
    expect(report.statuses).toEqual([
      { name: 'Open', color: '#64748b', count: 3 },
      { name: 'Planned', color: '#8b5cf6', count: 1 },
    ]);
  });

  it('ranks the most active boards, private ones included', () => {
    expect(report.boards).toEqual([
      { slug: expect.any(String), name: 'Alpha', posts: 3, votes: 9, comments: 3 },
      { slug: expect.any(String), name: 'Beta', posts: 2, votes: 2, comments: 0 },
    ]);
  });

  it('resolves the preset periods back from today', async () => {
    const r = await getInsights({ period: '90d' }, NOW);
    expect(r.period).toMatchObject({ key: '90d', from: '2026-08-21', to: '2026-11-18' });
    const y = await getInsights({ period: '12m' }, NOW);
    expect(y.period).toMatchObject({ from: '2025-11-19', to: '2026-11-18' });
    expect(y.weeks.at(-1)!.week).toBe('2026-11-16');
    expect(y.weeks.reduce((n, w) => n + w.posts, 0)).toBe(6); // the five in the period and the older one
  });
});

describe('keeping the aggregates current', () => {
  it('a deleted post leaves every chart at the next refresh', async () => {
    const board = await insertBoard({ name: 'Gamma' });
    const post = await insertPost(board.id, { authorId: m[0]!.id, createdAt: at('2026-11-18T08:00:00Z') });
    await db()
      .insert(votes)
      .values({ postId: post.id, userId: m[1]!.id, createdAt: at('2026-11-18T09:00:00Z') });
    await refreshRecent(db(), NOW);
    let r = await getInsights(PERIOD, NOW);
    expect(r.boards.find((b) => b.name === 'Gamma')).toMatchObject({ posts: 1, votes: 1 });
    expect(r.topRequests.some((t) => t.number === post.number)).toBe(true);

    await db()
      .update(posts)
      .set({ deletedAt: sql`now()` })
      .where(eq(posts.id, post.id));
    await refreshRecent(db(), NOW);
    r = await getInsights(PERIOD, NOW);
    expect(r.boards.find((b) => b.name === 'Gamma')).toBeUndefined();
    expect(r.topRequests.some((t) => t.number === post.number)).toBe(false);
    expect(r.weeks.at(-1)).toEqual({ week: '2026-11-16', posts: 2, votes: 3, comments: 1 });
  });

  it('a status change event updates the post’s first answer and status', async () => {
    const [row] = await db().select().from(insightPosts).where(eq(insightPosts.postId, ids.p3!.id));
    expect(row!.respondedAt).toBeNull();
    const planned = await statusBySlug('planned');
    await db().transaction(async (tx) => {
      await tx.update(posts).set({ statusId: planned.id }).where(eq(posts.id, ids.p3!.id));
      const [change] = await tx
        .insert(statusChanges)
        .values({ postId: ids.p3!.id, toStatusId: planned.id, byId: actors.moderator.id, createdAt: at('2026-11-17T12:00:00Z') })
        .returning();
      await emitEvent(tx, { type: 'post.status_changed', postId: ids.p3!.id, statusChangeId: change!.id, actorId: actors.moderator.id });
    });
    await runJobs();
    await runJobs(); // the event job hands the event to the insights consumer
    const r = await getInsights(PERIOD, NOW);
    // Answered now: 2 h, 4 h and 6 h.
    expect(r.firstResponse).toEqual({ medianSeconds: 4 * HOUR, answered: 3, unanswered: 1 });
    expect(r.statuses).toEqual([
      { name: 'Open', color: '#64748b', count: 2 },
      { name: 'Planned', color: '#8b5cf6', count: 2 },
    ]);
  });
});

describe('GET /api/v1/admin/insights', () => {
  it.each([
    ['visitor', 401],
    ['member', 403],
    ['moderator', 200],
    ['admin', 200],
  ] as const)('as %s answers %i', async (who, status) => {
    const res = await callRoute(insightsRoute, { query: { ...PERIOD }, as: who === 'visitor' ? undefined : actors[who] });
    expect(res.status).toBe(status);
    if (status === 200) {
      expect(res.json).toMatchObject({ period: { from: '2026-11-02', to: '2026-11-18' } });
      expect(res.json.updatedAt).toEqual(expect.any(String));
    } else expect(res.json).not.toHaveProperty('weeks');
  });

  it.each([
    [{ period: 'week' }, 'query.period'],
    [{ period: 'custom', from: '2026-11-02' }, 'query.to'],
    [{ period: 'custom', from: '2026-11-10', to: '2026-11-02' }, 'query.to'],
    [{ period: 'custom', from: '2020-01-01', to: '2026-11-02' }, 'query.to'],
    [{ period: 'custom', from: '2026-02-30', to: '2026-03-02' }, 'query.from'],
  ])('refuses %o with 422 on %s', async (query, field) => {
    const res = await callRoute(insightsRoute, { query, as: actors.admin });
    expect(res.status).toBe(422);
    expect(res.json.error?.fields).toHaveProperty([field]);
  });
});

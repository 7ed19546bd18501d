/** The roadmap over HTTP: columns, cards, filters, visibility, the done window and column pages. */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postStatusRoute } from '@/features/posts/server/triage-handlers';
import { bumpContentGeneration } from '@/server/cache/visitor-cache';
import { db } from '@/server/db/client';
import { postTags, rateLimits, statusChanges, statuses, tags, votes, workspaceSettings } from '@/server/db/schema';
import { forgetWorkspace } from '@/server/workspace';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { grantBoard, insertBoard, insertPost, statusBySlug } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute, type JsonBody } from '@/test/http';
import type { Roadmap, RoadmapColumnPage } from '../schema';
import { roadmapColumnRoute, roadmapRoute } from './handlers';

useTestDatabase();

type RoadmapRes = Roadmap & JsonBody;
const getRoadmap = (as: TestActor | undefined, query: Record<string, string> = {}) => {
  bumpContentGeneration();
  return callRoute<RoadmapRes>(roadmapRoute, { query, as });
};
const getColumn = (as: TestActor | undefined, status: string, query: Record<string, string> = {}) =>
  callRoute<RoadmapColumnPage & JsonBody>(roadmapColumnRoute, { params: { status }, query, as });

/** The post numbers of each column, by status slug. */
const numbersByColumn = (r: Roadmap) => Object.fromEntries(r.columns.map((c) => [c.status.slug, c.items.map((i) => i.number)]));

let people: Awaited<ReturnType<typeof createRoleActors>>;
let planned: typeof statuses.$inferSelect;
let inProgress: typeof statuses.$inferSelect;
let complete: typeof statuses.$inferSelect;
beforeAll(async () => {
  people = await createRoleActors();
  planned = await statusBySlug('planned');
  inProgress = await statusBySlug('in-progress');
  complete = await statusBySlug('complete');
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

describe('columns', () => {
  it('has one column per on-roadmap status of the planned, in progress and done categories, in category then admin order', async () => {
    const [later] = await db()
      .insert(statuses)
      .values({ slug: 'beta', name: 'Beta', color: '#123456', category: 'in_progress', position: 99, onRoadmap: true })
      .returning();
    const [first] = await db()
      .insert(statuses)
      .values({ slug: 'next-up', name: 'Next up', color: '#123456', category: 'planned', position: -1, onRoadmap: true })
      .returning();
    // On the roadmap but of a category that has no column, and a roadmap category that is not on the roadmap.
    await db().insert(statuses).values({ slug: 'triage', name: 'Triage', color: '#123456', category: 'open', onRoadmap: true });
    await db().insert(statuses).values({ slug: 'someday', name: 'Someday', color: '#123456', category: 'planned', onRoadmap: false });
    try {
      const res = await getRoadmap(undefined);
      expect(res.status, res.text).toBe(200);
      expect(res.json.columns.map((c) => c.status.slug)).toEqual(['next-up', 'planned', 'in-progress', 'beta', 'complete']);
      expect(res.json.columns.map((c) => c.status.category)).toEqual(['planned', 'planned', 'in_progress', 'in_progress', 'done']);
    } finally {
      await db()
        .delete(statuses)
        .where(sql`${statuses.slug} in ('beta', 'next-up', 'triage', 'someday')`);
      expect(later && first).toBeTruthy();
    }
  });

  it('puts each post in its status column with title, votes, your vote, board, tags and comments, most votes first', async () => {
    const board = await insertBoard();
    const low = await insertPost(board.id, { title: 'Low votes', statusId: planned.id, voteCount: 1, commentCount: 3 });
    const high = await insertPost(board.id, { title: 'High votes', statusId: planned.id, voteCount: 7 });
    const busy = await insertPost(board.id, { title: 'Being built', statusId: inProgress.id, statusChangedAt: new Date() });
    const open = await insertPost(board.id, { title: 'Not on the roadmap' });
    await insertPost(board.id, { title: 'Under review', statusId: (await statusBySlug('under-review')).id });
    const [tag] = await db()
      .insert(tags)
      .values({ name: `roadmap-tag-${board.slug}` })
      .returning();
    await db().insert(postTags).values({ postId: low.id, tagId: tag!.id });
    await db().insert(votes).values({ postId: low.id, userId: people.member.id });

    const res = await getRoadmap(people.member, { board: board.slug });
    expect(res.status, res.text).toBe(200);
    expect(numbersByColumn(res.json)).toEqual({ planned: [high.number, low.number], 'in-progress': [busy.number], complete: [] });
    const card = res.json.columns[0]!.items[1]!;
    expect(card).toMatchObject({
      number: low.number,
      title: 'Low votes',
      slug: 'low-votes',
      voteCount: 1,
      voted: true,
      commentCount: 3,
      board: { slug: board.slug, name: board.name, archived: false },
      tags: [{ name: tag!.name }],
    });
    expect(res.json.columns[0]!.items[0]!.voted).toBe(false);
    expect(JSON.stringify(res.json)).not.toContain(String(open.id));
  });

  it('shows a post in its new column right after its status changes through the status route', async () => {
    const board = await insertBoard();
    const post = await insertPost(board.id, { title: 'Moving along', statusId: planned.id });
    expect(numbersByColumn((await getRoadmap(undefined, { board: board.slug })).json).planned).toEqual([post.number]);

    const moved = await callRoute(postStatusRoute, {
      method: 'POST',
      params: { number: String(post.number) },
      body: { statusId: inProgress.id },
      as: people.moderator,
      origin: 'self',
    });
    expect(moved.status, moved.text).toBe(200);
    const after = numbersByColumn((await getRoadmap(undefined, { board: board.slug })).json);
    expect(after).toMatchObject({ planned: [], 'in-progress': [post.number] });
    const history = await db().select().from(statusChanges).where(eq(statusChanges.postId, post.id));
    expect(history.map((h) => h.toStatusId)).toEqual([inProgress.id]);
  });
});

describe('filters and visibility', () => {
  it('filters by board and by tag (any case)', async () => {
    const a = await insertBoard();
    const b = await insertBoard();
    const inA = await insertPost(a.id, { statusId: planned.id });
    const inB = await insertPost(b.id, { statusId: planned.id });
    const tagged = await insertPost(b.id, { statusId: inProgress.id });
    const [tag] = await db()
      .insert(tags)
      .values({ name: `Filter-${b.slug}` })
      .returning();
    await db().insert(postTags).values({ postId: tagged.id, tagId: tag!.id });

    expect(numbersByColumn((await getRoadmap(undefined, { board: a.slug })).json).planned).toEqual([inA.number]);
    expect(numbersByColumn((await getRoadmap(undefined, { board: b.slug })).json).planned).toEqual([inB.number]);
    const byTag = numbersByColumn((await getRoadmap(undefined, { tag: tag!.name.toUpperCase() })).json);
    expect(byTag).toEqual({ planned: [], 'in-progress': [tagged.number], complete: [] });
    const unknown = await getRoadmap(undefined, { board: 'no-such-board' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error?.code).toBe('NOT_FOUND');
  });

  it('shows private boards only to their readers and never pending, rejected, merged or deleted posts', async () => {
    const secret = await insertBoard({ visibility: 'private' });
    const granted = await createTestActor('member');
    await grantBoard(secret.id, granted.id);
    const hidden = await insertPost(secret.id, { statusId: planned.id, title: 'Secret plan' });

    const pub = await insertBoard();
    const target = await insertPost(pub.id, { statusId: planned.id });
    await insertPost(pub.id, { statusId: planned.id, approval: 'pending', authorId: people.member.id });
    await insertPost(pub.id, { statusId: planned.id, approval: 'rejected' });
    await insertPost(pub.id, { statusId: planned.id, mergedIntoId: target.id });
    await insertPost(pub.id, { statusId: planned.id, deletedAt: new Date() });

    const plannedOf = async (as: TestActor | undefined, query: Record<string, string> = {}) => {
      const res = await getRoadmap(as, query);
      expect(res.status, res.text).toBe(200);
      return numbersByColumn(res.json).planned;
    };
    expect(await plannedOf(undefined)).not.toContain(hidden.number);
    expect(await plannedOf(people.member)).not.toContain(hidden.number);
    expect(await plannedOf(granted)).toContain(hidden.number);
    expect(await plannedOf(people.moderator)).toContain(hidden.number);
    expect((await getRoadmap(undefined, { board: secret.slug })).status).toBe(404);
    expect((await getRoadmap(people.member, { board: secret.slug })).status).toBe(404);
    expect((await getColumn(undefined, 'planned', { board: secret.slug })).status).toBe(404);
    expect(await plannedOf(granted, { board: secret.slug })).toEqual([hidden.number]);

    for (const who of [undefined, people.member, people.moderator, people.admin]) {
      expect(await plannedOf(who, { board: pub.slug })).toEqual([target.number]);
    }
  });

  it('answers 401 to visitors of a sign-in-required workspace', async () => {
    await db().update(workspaceSettings).set({ access: 'sign_in_required' }).where(eq(workspaceSettings.id, 1));
    forgetWorkspace();
    try {
      expect((await getRoadmap(undefined)).status).toBe(401);
      expect((await getColumn(undefined, 'planned')).status).toBe(401);
      expect((await getRoadmap(people.member)).status).toBe(200);
    } finally {
      await db().update(workspaceSettings).set({ access: 'public' }).where(eq(workspaceSettings.id, 1));
      forgetWorkspace();
    }
  });
});

describe('the done column', () => {
  it('shows the last 90 days, newest first, counts what is older, and shows everything with done=all', async () => {
    const board = await insertBoard();
    const recent = await insertPost(board.id, { statusId: complete.id, statusChangedAt: daysAgo(2) });
    const newest = await insertPost(board.id, { statusId: complete.id, statusChangedAt: daysAgo(0) });
    const edge = await insertPost(board.id, { statusId: complete.id, statusChangedAt: daysAgo(89) });
    const old = await insertPost(board.id, { statusId: complete.id, statusChangedAt: daysAgo(91) });
    const ancient = await insertPost(board.id, { statusId: complete.id, statusChangedAt: daysAgo(400) });

    const res = await getRoadmap(undefined, { board: board.slug });
    const done = res.json.columns.find((c) => c.status.slug === 'complete')!;
    expect(done.items.map((i) => i.number)).toEqual([newest.number, recent.number, edge.number]);
    expect(done).toMatchObject({ total: 3, olderCount: 2, nextCursor: null });
    expect(res.json).toMatchObject({ done: 'recent', doneWindowDays: 90 });

    const all = (await getRoadmap(undefined, { board: board.slug, done: 'all' })).json.columns.find((c) => c.status.slug === 'complete')!;
    expect(all.items.map((i) => i.number)).toEqual([newest.number, recent.number, edge.number, old.number, ancient.number]);
    expect(all.olderCount).toBe(0);
    expect((await getRoadmap(undefined, { done: 'everything' })).status).toBe(422);
  });
});

describe('column pages', () => {
  it('gives 20 cards per column, and the rest through the column route without repeats or gaps', async () => {
    const board = await insertBoard();
    const made = [];
    // Ties on votes: the id breaks them, so pages never repeat or skip.
    for (let i = 0; i < 27; i++) made.push(await insertPost(board.id, { statusId: planned.id, voteCount: i % 4 }));
    for (let i = 0; i < 23; i++) {
      made.push(await insertPost(board.id, { statusId: complete.id, statusChangedAt: daysAgo(i % 3), title: `Shipped ${i}` }));
    }
    const res = await getRoadmap(undefined, { board: board.slug });
    const col = res.json.columns.find((c) => c.status.slug === 'planned')!;
    expect(col.items).toHaveLength(20);
    expect(col.total).toBe(27);
    expect(col.nextCursor).toBeTruthy();

    for (const slug of ['planned', 'complete']) {
      const first = res.json.columns.find((c) => c.status.slug === slug)!;
      const seen = first.items.map((i) => i.number);
      let cursor = first.nextCursor;
      while (cursor) {
        const page = await getColumn(undefined, slug, { board: board.slug, cursor, limit: '4' });
        expect(page.status, page.text).toBe(200);
        expect(page.json.items.length).toBeLessThanOrEqual(4);
        seen.push(...page.json.items.map((i) => i.number));
        cursor = page.json.nextCursor;
      }
      const expected = made
        .filter((p) => p.statusId === (slug === 'planned' ? planned.id : complete.id))
        .sort((x, y) =>
          slug === 'planned'
            ? y.voteCount - x.voteCount || (y.id > x.id ? 1 : -1)
            : y.statusChangedAt!.getTime() - x.statusChangedAt!.getTime() || (y.id > x.id ? 1 : -1),
        )
        .map((p) => p.number);
      expect(seen).toEqual(expected);
    }
  });

  it("refuses a cursor that is not one of the column's and a status that is not a column", async () => {
    expect((await getColumn(undefined, 'planned', { cursor: 'not-a-cursor' })).status).toBe(422);
    const doneCursor = Buffer.from(JSON.stringify(['shipped', '2026-01-01T00:00:00.000000Z', crypto.randomUUID()])).toString('base64url');
    const wrong = await getColumn(undefined, 'planned', { cursor: doneCursor });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error?.fields).toHaveProperty(['query.cursor']);
    expect((await getColumn(undefined, 'under-review')).status).toBe(404);
    expect((await getColumn(undefined, 'nothing-here')).status).toBe(404);
  });
});

describe('ETA', () => {
  it('shows on a card when the team set one, as a month or a quarter', async () => {
    const board = await insertBoard();
    const quarter = await insertPost(board.id, { statusId: planned.id, eta: '2027-04-01', etaPrecision: 'quarter' });
    const month = await insertPost(board.id, { statusId: planned.id, eta: '2027-11-01', etaPrecision: 'month' });
    const none = await insertPost(board.id, { statusId: planned.id });
    const res = await getRoadmap(undefined, { board: board.slug });
    const cards = res.json.columns.find((c) => c.status.slug === 'planned')!.items;
    const etaOf = (n: number) => cards.find((c) => c.number === n)?.eta;
    expect(etaOf(quarter.number)).toBe('2027-Q2');
    expect(etaOf(month.number)).toBe('2027-11');
    expect(etaOf(none.number)).toBeNull();
  });
});

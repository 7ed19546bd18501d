/**
 * The triage list over HTTP: who may read it, its facets' live counts (each under every filter
 * but its own), the queues (untriaged, pending, unresponded, rejected), sorts with keyset pages,
 * bulk changes and saved views.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { auditEvents, comments, posts, postTags, rateLimits, statusChanges, tags } from '@/server/db/schema';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute, type JsonBody } from '@/test/http';
import { insertBoard, insertPost, statusBySlug } from '@/test/content';
import type { TriageBulkResult, TriagePage, TriageView } from '../triage-schema';
import type { TeamProperties } from '../schema';
import { postPropertiesRoute, postStatusRoute, postTagsRoute } from './triage-handlers';
import { triageBulkRoute, triageRoute, triageViewRoute, triageViewsRoute } from './triage-list-handlers';

useTestDatabase();

let actors: Awaited<ReturnType<typeof createRoleActors>>;
let alpha: { id: string; slug: string };
let beta: { id: string; slug: string };
let tagA: string;
let tagB: string;
beforeAll(async () => {
  actors = await createRoleActors();
  alpha = await insertBoard({ slug: 'alpha' });
  beta = await insertBoard({ slug: 'beta', visibility: 'private' });
  [{ id: tagA }, { id: tagB }] = (await db()
    .insert(tags)
    .values([
      { name: 'Billing', color: '#112233' },
      { name: 'Mobile', color: '#445566' },
    ])
    .returning({ id: tags.id })) as [{ id: string }, { id: string }];
});
beforeEach(async () => {
  await db().delete(rateLimits);
  await db().delete(statusChanges);
  await db().delete(comments);
  await db().delete(posts);
});

const triage = (query: Record<string, string>, as: TestActor | 'visitor' = actors.moderator) =>
  callRoute<TriagePage & JsonBody>(triageRoute, { query, ...(as === 'visitor' ? {} : { as }) });
const facet = (page: TriagePage, name: 'status' | 'board' | 'tag', key: string) => page.facets[name].find((f) => f.key === key)?.count ?? 0;

describe('GET /api/v1/triage', () => {
  it.each([
    ['visitor', 401],
    ['member', 403],
    ['moderator', 200],
    ['admin', 200],
  ] as const)('as %s answers %i', async (who, status) => {
    const res = await triage({}, who === 'visitor' ? 'visitor' : actors[who]);
    expect(res.status).toBe(status);
  });

  it('counts every facet under the other filters, and filters by any of the chosen values', async () => {
    const planned = await statusBySlug('planned');
    const p1 = await insertPost(alpha.id, { statusId: planned.id });
    const p2 = await insertPost(alpha.id);
    const p3 = await insertPost(beta.id, { statusId: planned.id });
    await insertPost(beta.id, { approval: 'pending' });
    await insertPost(alpha.id, { approval: 'rejected' });
    await insertPost(alpha.id, { deletedAt: new Date() });
    await insertPost(alpha.id, { mergedIntoId: p1.id });
    await db()
      .insert(postTags)
      .values([
        { postId: p1.id, tagId: tagA },
        { postId: p2.id, tagId: tagA },
        { postId: p3.id, tagId: tagB },
      ]);

    const all = (await triage({})).json;
    expect(all.total).toBe(4); // rejected, deleted and merged posts are out
    expect(facet(all, 'status', 'planned')).toBe(2);
    expect(facet(all, 'status', 'none')).toBe(2);
    expect(facet(all, 'board', 'alpha')).toBe(2);
    expect(facet(all, 'board', 'beta')).toBe(2); // the team sees private boards
    expect(facet(all, 'tag', tagA)).toBe(2);
    expect(all.facets.show).toMatchObject({ all: 4, untriaged: 1, pending: 1, unresponded: 4, rejected: 1 });

    // Choosing board alpha narrows the other facets and the list, but not the board facet itself.
    const onAlpha = (await triage({ board: 'alpha' })).json;
    expect(onAlpha.items.map((p) => p.number).sort()).toEqual([p1.number, p2.number].sort());
    expect(facet(onAlpha, 'board', 'beta')).toBe(2);
    expect(facet(onAlpha, 'status', 'planned')).toBe(1);
    expect(facet(onAlpha, 'tag', tagB)).toBe(0);

    // Two statuses are "either": planned or no status.
    const either = (await triage({ status: 'planned,none', board: 'alpha,beta' })).json;
    expect(either.total).toBe(4);
    const tagged = (await triage({ tag: `${tagA},${tagB}`, status: 'planned' })).json;
    expect(tagged.items.map((p) => p.number).sort()).toEqual([p1.number, p3.number].sort());
  });

  it('has the queues: untriaged, awaiting approval, the team has not responded, rejected', async () => {
    const untriaged = await insertPost(alpha.id);
    const pending = await insertPost(alpha.id, { approval: 'pending' });
    const rejected = await insertPost(alpha.id, { approval: 'rejected' });
    const answered = await insertPost(alpha.id);
    const noted = await insertPost(alpha.id);
    const byMember = await insertPost(alpha.id);
    const planned = await statusBySlug('planned');
    // A status change and a public team comment answer a post; an internal note or a member's comment do not.
    expect(
      (
        await callRoute(postStatusRoute, {
          method: 'POST',
          params: { number: String(answered.number) },
          body: { statusId: planned.id },
          as: actors.moderator,
        })
      ).status,
    ).toBe(200);
    const { postCommentsRoute: commentsRoute } = await import('@/features/comments/server/handlers');
    const comment = (as: TestActor, number: number, internal: boolean) =>
      callRoute(commentsRoute, { method: 'POST', params: { number: String(number) }, body: { body: 'Thanks!', internal }, as });
    expect((await comment(actors.admin, noted.number, true)).status).toBe(201);
    expect((await comment(actors.member, byMember.number, false)).status).toBe(201);
    const answeredByComment = await insertPost(alpha.id);
    expect((await comment(actors.moderator, answeredByComment.number, false)).status).toBe(201);

    const numbers = async (show: string) => (await triage({ show })).json.items.map((p) => p.number).sort();
    expect(await numbers('untriaged')).toEqual([untriaged.number, noted.number, byMember.number, answeredByComment.number].sort());
    expect(await numbers('pending')).toEqual([pending.number]);
    expect(await numbers('rejected')).toEqual([rejected.number]);
    expect(await numbers('unresponded')).toEqual([untriaged.number, pending.number, noted.number, byMember.number].sort());
    const answeredRow = (await triage({})).json.items.find((p) => p.number === answered.number);
    expect(answeredRow?.teamResponded).toBe(true);
  });

  it('walks every sort in keyset pages without repeating or skipping a post, ties included', async () => {
    for (let i = 0; i < 7; i++) {
      await insertPost(alpha.id, { voteCount: i % 3, trendingScore: (i % 2) / 3, impact: i % 2 ? 5 : null });
    }
    for (const sort of ['newest', 'votes', 'trending', 'priority']) {
      const full = (await triage({ sort, limit: '100' })).json.items.map((p) => p.number);
      const walked: number[] = [];
      let cursor: string | null = null;
      do {
        const page: TriagePage = (await triage({ sort, limit: '3', ...(cursor ? { cursor } : {}) })).json;
        walked.push(...page.items.map((p) => p.number));
        cursor = page.nextCursor;
      } while (cursor);
      expect(walked, sort).toEqual(full);
      expect(new Set(walked).size).toBe(7);
    }
    const byVotes = (await triage({ sort: 'votes' })).json.items.map((p) => p.voteCount);
    expect(byVotes).toEqual([...byVotes].sort((a, b) => b - a));
    // A cursor of one sort is refused by another.
    const votesPage = (await triage({ sort: 'votes', limit: '2' })).json;
    expect((await triage({ sort: 'newest', cursor: votesPage.nextCursor! })).status).toBe(422);
    expect((await triage({ cursor: 'not-a-cursor' })).status).toBe(422);
    expect((await triage({ status: 'Not A Slug!' })).status).toBe(422);
  });
});

describe('priority', () => {
  const setProps = (number: number, body: unknown, as: TestActor = actors.moderator) =>
    callRoute<TeamProperties & JsonBody>(postPropertiesRoute, { method: 'PATCH', params: { number: String(number) }, body, as });

  it('is kept by the database from votes, impact and effort, and orders the priority sort', async () => {
    const popular = await insertPost(alpha.id);
    const valuable = await insertPost(alpha.id);
    const cheap = await insertPost(alpha.id);
    // Effort not scored counts as medium (3): a cost of 1 + 0.5 × 2 = 2.
    await db().update(posts).set({ voteCount: 15 }).where(eq(posts.id, popular.id)); // log2(16) = 4, ÷ 2
    expect((await setProps(valuable.number, { impact: 5, effort: 1 })).json.priority).toBe(5);
    const res = await setProps(cheap.number, { impact: 3, effort: 5 });
    expect(res.status).toBe(200);
    expect(res.json.priority).toBe(1); // 3 ÷ (1 + 0.5 × 4)
    const [row] = await db().select({ priority: posts.priority }).from(posts).where(eq(posts.id, popular.id));
    expect(row?.priority).toBe(2);
    const order = (await triage({ sort: 'priority' })).json.items.map((p) => p.number);
    expect(order).toEqual([valuable.number, popular.number, cheap.number]);
    // A vote moves it in the same statement: no job, no delay.
    await db()
      .update(posts)
      .set({ voteCount: sql`${posts.voteCount} + 48` })
      .where(eq(posts.id, cheap.id)); // log2(49) ≈ 5.61 + 3 → ÷ 3
    const [after] = await db().select({ priority: posts.priority }).from(posts).where(eq(posts.id, cheap.id));
    expect(after?.priority).toBeCloseTo((Math.log2(49) + 3) / 3, 3);
  });

  it('takes an owner from the team only, an ETA as a month or a quarter, scores 1–5; null clears; audited', async () => {
    const post = await insertPost(alpha.id);
    const member = await createTestActor('member');
    expect((await setProps(post.number, { ownerId: member.id })).status).toBe(422);
    expect((await setProps(post.number, { impact: 6 })).status).toBe(422);
    expect((await setProps(post.number, { eta: '2027-13' })).status).toBe(422);
    expect((await setProps(post.number, {})).status).toBe(422);
    expect((await setProps(post.number, { impact: 2 }, actors.member)).status).toBe(403);
    const set = await setProps(post.number, { ownerId: actors.admin.id, eta: '2027-Q3', impact: 4 });
    expect(set.json).toMatchObject({
      owner: { id: actors.admin.id, displayName: actors.admin.displayName },
      eta: '2027-Q3',
      impact: 4,
      effort: null,
    });
    const [row] = await db().select({ eta: posts.eta, p: posts.etaPrecision }).from(posts).where(eq(posts.id, post.id));
    expect(row).toEqual({ eta: '2027-07-01', p: 'quarter' });
    expect((await setProps(post.number, { eta: '2027-03' })).json.eta).toBe('2027-03');
    const cleared = await setProps(post.number, { ownerId: null, eta: null });
    expect(cleared.json).toMatchObject({ owner: null, eta: null, impact: 4 });
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.action, 'post.properties_changed'));
    expect(audit.at(-1)).toMatchObject({
      targetId: String(post.number),
      before: { owner: actors.admin.displayName, eta: '2027-03' },
      after: { owner: null, eta: null },
    });
    const mine = (await triage({ owner: 'none' })).json.items.map((p) => p.number);
    expect(mine).toContain(post.number);
  });
});

describe('POST /api/v1/triage/bulk', () => {
  const bulk = (body: unknown, as: TestActor = actors.moderator) =>
    callRoute<TriageBulkResult & JsonBody>(triageBulkRoute, { method: 'POST', body, as });

  it('sets a status with its note on each post, adds and removes tags, and reports the posts it could not change', async () => {
    const a = await insertPost(alpha.id);
    const b = await insertPost(beta.id);
    const c = await insertPost(alpha.id);
    await db().insert(postTags).values({ postId: c.id, tagId: tagB });
    const planned = await statusBySlug('planned');
    const res = await bulk({
      numbers: [a.number, b.number, c.number, 999_999],
      statusId: planned.id,
      note: 'Next quarter',
      addTagIds: [tagA],
      removeTagIds: [tagB],
    });
    expect(res.status).toBe(200);
    expect(res.json.changed.sort()).toEqual([a.number, b.number, c.number].sort());
    expect(res.json.skipped).toEqual([{ number: 999_999, reason: 'There is no such post.' }]);
    const history = await db().select().from(statusChanges).where(eq(statusChanges.toStatusId, planned.id));
    expect(history.map((h) => h.note)).toEqual(['Next quarter', 'Next quarter', 'Next quarter']);
    const tagged = await db().select().from(postTags);
    expect(tagged.filter((t) => t.tagId === tagA)).toHaveLength(3);
    expect(tagged.filter((t) => t.tagId === tagB)).toHaveLength(0);
    expect((await bulk({ numbers: [a.number] })).status).toBe(422);
    expect((await bulk({ numbers: [a.number], addTagIds: [tagA] }, actors.member)).status).toBe(403);
    // Each post whose tags changed is in the audit log, with the tags' names before and after.
    const audited = await db().select().from(auditEvents).where(eq(auditEvents.action, 'post.tags_changed'));
    const ofPost = (n: number) => audited.filter((e) => e.targetId === String(n)).map((e) => [e.before, e.after]);
    expect(ofPost(c.number)).toEqual([[{ tags: ['Mobile'] }, { tags: ['Billing'] }]]);
    expect(ofPost(a.number)).toEqual([[{ tags: [] }, { tags: ['Billing'] }]]);
  });
});

describe('PUT /api/v1/posts/{number}/tags', () => {
  it('audits a change of tags with their names, and nothing when they stay the same', async () => {
    const post = await insertPost(alpha.id);
    const put = (tagIds: string[]) =>
      callRoute(postTagsRoute, { method: 'PUT', query: { number: String(post.number) }, body: { tagIds }, as: actors.moderator });
    const audited = async () =>
      (await db().select().from(auditEvents).where(eq(auditEvents.action, 'post.tags_changed')))
        .filter((e) => e.targetId === String(post.number))
        .map((e) => [e.before, e.after]);
    expect((await put([tagB, tagA])).status).toBe(200);
    expect((await put([tagA, tagB])).status).toBe(200);
    expect((await put([])).status).toBe(200);
    expect(await audited()).toEqual([
      [{ tags: [] }, { tags: ['Billing', 'Mobile'] }],
      [{ tags: ['Billing', 'Mobile'] }, { tags: [] }],
    ]);
  });
});

describe('saved views', () => {
  it('are each member’s own, stored as a canonical query, named uniquely', async () => {
    const save = (body: unknown, as: TestActor = actors.moderator) =>
      callRoute<TriageView & JsonBody>(triageViewsRoute, { method: 'POST', body, as });
    const created = await save({ name: 'Billing to plan', query: '?sort=votes&tag=' + tagA + '&cursor=abc&junk=1&show=untriaged' });
    expect(created.status).toBe(201);
    expect(created.json.query).toBe(`show=untriaged&tag=${tagA}&sort=votes`);
    expect((await save({ name: 'billing TO plan', query: '' })).status).toBe(409);
    expect((await save({ name: 'Bad', query: 'status=NOT OK' })).status).toBe(422);
    const mine = await callRoute<{ items: TriageView[] } & JsonBody>(triageViewsRoute, { as: actors.moderator });
    expect(mine.json.items.map((v) => v.name)).toEqual(['Billing to plan']);
    const theirs = await callRoute<{ items: TriageView[] } & JsonBody>(triageViewsRoute, { as: actors.admin });
    expect(theirs.json.items).toEqual([]);
    const del = (as: TestActor) => callRoute(triageViewRoute, { method: 'DELETE', params: { id: String(created.json.id) }, as });
    expect((await del(actors.admin)).status).toBe(404);
    expect((await del(actors.moderator)).status).toBe(204);
  });
});

describe('the priority formula', () => {
  it('is the same in the database and in the browser for any inputs and weights', async () => {
    const { priorityInDatabase } = await import('./priority-service');
    const { priorityParts } = await import('../priority');
    const fc = await import('fast-check');
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.option(fc.integer({ min: 1, max: 5 })),
        fc.option(fc.integer({ min: 1, max: 5 })),
        fc.record({
          votes: fc.double({ min: 0, max: 5, noNaN: true }),
          impact: fc.double({ min: 0, max: 5, noNaN: true }),
          effort: fc.double({ min: 0, max: 2, noNaN: true }),
        }),
        async (votes, impact, effort, w) => {
          const inDb = await priorityInDatabase(votes, impact, effort, w);
          expect(Math.abs(inDb - priorityParts({ votes, impact, effort }, w).priority)).toBeLessThanOrEqual(0.0001);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('after new weights, every post is computed again by the background job, in batches', async () => {
    const { priorityWeightsRoute } = await import('./triage-list-handlers');
    const { runJobs } = await import('@/test/jobs');
    const a = await insertPost(alpha.id, { impact: 4 });
    await db().update(posts).set({ voteCount: 3 }).where(eq(posts.id, a.id));
    const put = (body: unknown, as: TestActor) => callRoute(priorityWeightsRoute, { method: 'PUT', body, as });
    expect((await put({ votes: 2, impact: 0, effort: 0 }, actors.moderator)).status).toBe(403);
    expect((await put({ votes: 9, impact: 0, effort: 0 }, actors.admin)).status).toBe(422);
    expect((await put({ votes: 2, impact: 0, effort: 0 }, actors.admin)).status).toBe(200);
    await runJobs();
    const [row] = await db().select({ p: posts.priority }).from(posts).where(eq(posts.id, a.id));
    expect(row?.p).toBe(4); // 2 × log2(4), impact weighs nothing, effort costs nothing
    const got = await callRoute<JsonBody>(priorityWeightsRoute, { as: actors.moderator });
    expect(got.json).toEqual({ votes: 2, impact: 0, effort: 0 });
    await put({ votes: 1, impact: 1, effort: 0.5 }, actors.admin);
    await runJobs();
  });
});

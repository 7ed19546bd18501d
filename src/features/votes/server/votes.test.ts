/**
 * Votes over HTTP (SPEC.md §4, §6, §8): every role, hidden posts, closed voting, idempotence,
 * concurrency (100 voters give 100; one person's double-clicks count once), the voters list and
 * voting on someone's behalf.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isSubscribed } from '@/features/subscriptions/server/service';
import { db } from '@/server/db/client';
import { auditEvents, posts, rateLimits, users, votes } from '@/server/db/schema';
import type { UserActor } from '@/server/identity/actor';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import type { VoterPage } from '../schema';
import { voteRoute, votesRoute } from './handlers';
import { setVote, votedAmong } from './service';
import { grantBoard, insertBoard, insertPost, statusBySlug } from '@/test/content';
import { createPlainUsers, postRow, recount } from './test-fixtures';

const testDb = useTestDatabase();

let actors: { member: TestActor; moderator: TestActor; admin: TestActor };
let boardId: string;
beforeAll(async () => {
  actors = await createRoleActors();
  boardId = (await insertBoard()).id;
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

const vote = (as: TestActor | undefined, number: number | string) =>
  callRoute(voteRoute, { method: 'PUT', params: { number: String(number) }, as });
const unvote = (as: TestActor | undefined, number: number | string) =>
  callRoute(voteRoute, { method: 'DELETE', params: { number: String(number) }, as });
const onBehalf = (as: TestActor | undefined, number: number, body: unknown) =>
  callRoute(votesRoute, { method: 'POST', params: { number: String(number) }, body, as });
const voters = (as: TestActor | undefined, number: number, query: Record<string, string> = {}) =>
  callRoute<VoterPage & { error?: { code: string; fields?: Record<string, string> } }>(votesRoute, {
    params: { number: String(number) },
    query,
    as,
  });

const asUserActor = (id: string): UserActor => ({
  kind: 'user',
  id,
  role: 'member',
  displayName: 'Voter',
  email: `${id}@example.test`,
  emailVerified: true,
  avatarUrl: null,
  sessionHash: 'x',
});

describe('PUT and DELETE /api/v1/posts/[number]/vote', () => {
  it('visitors get 401; a member votes once however often they click, and unvotes', async () => {
    const post = await insertPost(boardId);
    expect((await vote(undefined, post.number)).status).toBe(401);
    expect((await unvote(undefined, post.number)).status).toBe(401);

    const first = await vote(actors.member, post.number);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ voted: true, voteCount: 1 });
    expect((await vote(actors.member, post.number)).json).toEqual({ voted: true, voteCount: 1 });
    const row = await postRow(post.id);
    expect(row.voteCount).toBe(1);
    expect(row.trendingScore).toBeGreaterThan(0);
    expect(await isSubscribed(db(), actors.member.id, post.id)).toBe(true);

    expect((await unvote(actors.member, post.number)).json).toEqual({ voted: false, voteCount: 0 });
    expect((await unvote(actors.member, post.number)).json).toEqual({ voted: false, voteCount: 0 });
    expect((await postRow(post.id)).voteCount).toBe(0);
    expect((await postRow(post.id)).trendingScore).toBe(0);
    expect(await recount(post.id)).toBe(0);
  });

  it("answers 404 for hidden posts: private boards not granted, deleted and others' pending posts", async () => {
    const privateBoard = await insertBoard({ visibility: 'private' });
    const secret = await insertPost(privateBoard.id);
    expect((await vote(actors.member, secret.number)).status).toBe(404);
    expect((await vote(undefined, secret.number)).status).toBe(401);
    const granted = await createTestActor('member');
    await grantBoard(privateBoard.id, granted.id);
    expect((await vote(granted, secret.number)).status).toBe(200);
    expect((await vote(actors.moderator, secret.number)).status).toBe(200);

    const deleted = await insertPost(boardId, { deletedAt: new Date() });
    expect((await vote(actors.admin, deleted.number)).status).toBe(404);
    const pending = await insertPost(boardId, { approval: 'pending' });
    expect((await vote(actors.member, pending.number)).status).toBe(404);
    expect((await vote(actors.member, 999_999)).status).toBe(404);
  });

  it('validates the post number (422)', async () => {
    const res = await vote(actors.member, 'abc');
    expect(res.status).toBe(422);
    expect(res.json.error?.fields?.['query.number']).toBeTruthy();
  });

  it('is VOTING_CLOSED for done and closed statuses, merged posts and archived boards; cast votes stay and cannot be taken back', async () => {
    const cases = [
      await insertPost(boardId, { statusId: (await statusBySlug('complete')).id }),
      await insertPost(boardId, { statusId: (await statusBySlug('closed')).id }),
      await insertPost((await insertBoard({ archivedAt: new Date() })).id),
    ];
    const target = await insertPost(boardId);
    cases.push(await insertPost(boardId, { mergedIntoId: target.id }));
    for (const post of cases) {
      // A vote cast while it was open…
      await db().insert(votes).values({ postId: post.id, userId: actors.admin.id });
      await db().update(posts).set({ voteCount: 1 }).where(eq(posts.id, post.id));
      const res = await vote(actors.member, post.number);
      expect(res.status).toBe(409);
      expect(res.json.error?.code).toBe('VOTING_CLOSED');
      // …stays: not even its owner removes it.
      expect((await unvote(actors.admin, post.number)).json.error?.code).toBe('VOTING_CLOSED');
      expect((await postRow(post.id)).voteCount).toBe(1);
      expect(await recount(post.id)).toBe(1);
    }
    // Planned and in progress stay open.
    const planned = await insertPost(boardId, { statusId: (await statusBySlug('planned')).id });
    expect((await vote(actors.member, planned.number)).status).toBe(200);
  });

  it("follows the board's posting policy: members get 403 on a team-only board, the team votes", async () => {
    const teamBoard = await insertBoard({ posting: 'team' });
    const post = await insertPost(teamBoard.id);
    expect((await vote(actors.member, post.number)).status).toBe(403);
    expect((await vote(actors.moderator, post.number)).status).toBe(200);
  });

  it('limits votes to 120 a minute per person (429)', async () => {
    const post = await insertPost(boardId);
    const voter = await createTestActor('member');
    await db()
      .insert(rateLimits)
      .values({ key: `votes:user:${voter.id}`, windowStart: new Date(), count: 120 });
    const res = await vote(voter, post.number);
    expect(res.status).toBe(429);
    expect(res.json.error?.code).toBe('RATE_LIMITED');
    expect(await recount(post.id)).toBe(0);
  });

  it("counts one person's concurrent double-clicks once", async () => {
    const post = await insertPost(boardId);
    const clicker = await createTestActor('member');
    const answers = await Promise.all(Array.from({ length: 6 }, () => vote(clicker, post.number)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await postRow(post.id)).voteCount).toBe(1);
    expect(await recount(post.id)).toBe(1);
    await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? unvote(clicker, post.number) : vote(clicker, post.number))));
    expect((await postRow(post.id)).voteCount).toBe(await recount(post.id));
  });

  it('100 people voting at once give exactly 100, and unvoting at once gives 0', async () => {
    const post = await insertPost(boardId);
    const ids = await createPlainUsers(100);
    const states = await Promise.all(ids.map((id) => setVote(asUserActor(id), post.number, true)));
    expect(states.every((s) => s.voted)).toBe(true);
    expect(new Set(states.map((s) => s.voteCount)).size).toBe(100); // each saw its own increment
    expect((await postRow(post.id)).voteCount).toBe(100);
    expect(await recount(post.id)).toBe(100);
    // Everyone clicks twice more at once: vote again and unvote.
    await Promise.all(ids.flatMap((id) => [setVote(asUserActor(id), post.number, true), setVote(asUserActor(id), post.number, false)]));
    expect((await postRow(post.id)).voteCount).toBe(await recount(post.id));
    await Promise.all(ids.map((id) => setVote(asUserActor(id), post.number, false)));
    expect((await postRow(post.id)).voteCount).toBe(0);
    expect(await recount(post.id)).toBe(0);
  });

  it("a person's votes among a page's posts are kept until they vote themselves (embedded PGlite keeps copies; PostgreSQL in tests does not)", async () => {
    const [a, b] = [await insertPost(boardId), await insertPost(boardId)];
    const other = await createTestActor('member');
    const numbers = [a.number, b.number];
    expect([...(await votedAmong(actors.member.id, numbers))]).toEqual([]);
    // Written behind the app's back: a kept copy does not see it…
    await db().insert(votes).values({ postId: b.id, userId: actors.member.id });
    const kept = testDb.handle.exclusive;
    expect([...(await votedAmong(actors.member.id, numbers))]).toEqual(kept ? [] : [b.number]);
    // …someone else's vote leaves it…
    expect((await vote(other, a.number)).status).toBe(200);
    expect([...(await votedAmong(actors.member.id, numbers))]).toEqual(kept ? [] : [b.number]);
    // …and their own clears it.
    expect((await vote(actors.member, a.number)).status).toBe(200);
    expect([...(await votedAmong(actors.member.id, numbers))].sort()).toEqual(numbers.sort());
  });

  it('answers 405 with Allow for other methods', async () => {
    const res = await callRoute(voteRoute, { method: 'POST', params: { number: '1' }, as: actors.member });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('PUT, DELETE');
  });
});

describe('GET /api/v1/posts/[number]/votes (voters)', () => {
  it("lists voters newest first, a page at a time; who cast a vote on someone's behalf is for the team only", async () => {
    const post = await insertPost(boardId);
    const [a, b, c] = await createPlainUsers(3, 'listed');
    const t0 = Date.now();
    await db()
      .insert(votes)
      .values([
        { postId: post.id, userId: a!, createdAt: new Date(t0 - 3000) },
        { postId: post.id, userId: b!, createdAt: new Date(t0 - 2000), castById: actors.moderator.id },
        { postId: post.id, userId: c!, createdAt: new Date(t0 - 1000) },
      ]);
    await db().update(posts).set({ voteCount: 3 }).where(eq(posts.id, post.id));

    const first = await voters(undefined, post.number, { limit: '2' });
    expect(first.status).toBe(200);
    expect(first.json.items.map((v) => v.id)).toEqual([c, b]);
    expect(first.json.items[0]).toMatchObject({ displayName: 'listed 2', avatarUrl: null });
    expect(first.json.items.every((v) => !('castBy' in v))).toBe(true);
    expect(first.json.voteCount).toBe(3);
    expect(first.json.nextCursor).toBeTruthy();
    const second = await voters(undefined, post.number, { limit: '2', cursor: first.json.nextCursor! });
    expect(second.json.items.map((v) => v.id)).toEqual([a]);
    expect(second.json.nextCursor).toBeNull();

    const team = await voters(actors.moderator, post.number);
    expect(team.json.items.map((v) => v.castBy)).toEqual([null, actors.moderator.displayName, null]);
    const member = await voters(actors.member, post.number);
    expect(member.json.items.every((v) => !('castBy' in v))).toBe(true);
  });

  it('refuses a bad cursor or limit (422) and hides hidden posts (404)', async () => {
    const post = await insertPost(boardId);
    expect((await voters(undefined, post.number, { cursor: 'nonsense' })).json.error?.fields?.['query.cursor']).toBeTruthy();
    expect((await voters(undefined, post.number, { limit: '101' })).status).toBe(422);
    const secret = await insertPost((await insertBoard({ visibility: 'private' })).id);
    expect((await voters(actors.member, secret.number)).status).toBe(404);
    expect((await voters(undefined, secret.number)).status).toBe(404);
    expect((await voters(actors.admin, secret.number)).status).toBe(200);
  });
});

describe('POST /api/v1/posts/[number]/votes (vote on behalf)', () => {
  it('is for the team: visitors 401, members 403', async () => {
    const post = await insertPost(boardId);
    expect((await onBehalf(undefined, post.number, { email: 'x@example.test' })).status).toBe(401);
    expect((await onBehalf(actors.member, post.number, { email: 'x@example.test' })).status).toBe(403);
    expect(await recount(post.id)).toBe(0);
  });

  it('creates a member account without password for a new address, records who cast the vote, audits, and is idempotent', async () => {
    const post = await insertPost(boardId);
    const res = await onBehalf(actors.moderator, post.number, { email: '  Jane.Customer@Example.TEST ', displayName: '' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ voted: true, voteCount: 1, voter: { displayName: 'jane.customer', created: true } });
    const [person] = await db().select().from(users).where(eq(users.email, 'jane.customer@example.test'));
    expect(person).toMatchObject({ role: 'member', passwordHash: null, emailVerifiedAt: null, displayName: 'jane.customer' });
    const [row] = await db()
      .select()
      .from(votes)
      .where(and(eq(votes.postId, post.id), eq(votes.userId, person!.id)));
    expect(row!.castById).toBe(actors.moderator.id);
    expect(await isSubscribed(db(), person!.id, post.id)).toBe(true);
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.actorId, actors.moderator.id));
    expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(['vote.cast_on_behalf', 'member.created_for_vote']));

    const again = await onBehalf(actors.admin, post.number, { email: 'jane.customer@example.test', displayName: 'Other name' });
    expect(again.json).toMatchObject({
      voted: true,
      voteCount: 1,
      voter: { id: person!.id, displayName: 'jane.customer', created: false },
    });
    expect(await recount(post.id)).toBe(1);
    expect((await postRow(post.id)).voteCount).toBe(1);
  });

  it('votes for an existing account by its address and uses the given name only for new ones', async () => {
    const post = await insertPost(boardId);
    const customer = await createTestActor('member');
    const res = await onBehalf(actors.admin, post.number, { email: customer.email.toUpperCase(), displayName: 'Ignored' });
    expect(res.json).toMatchObject({ voteCount: 1, voter: { id: customer.id, displayName: customer.displayName, created: false } });
    const fresh = await onBehalf(actors.admin, post.number, { email: 'named@example.test', displayName: 'Named Person' });
    expect(fresh.json).toMatchObject({ voteCount: 2, voter: { displayName: 'Named Person', created: true } });
  });

  it('validates (422 with fields), hides hidden posts (404) and respects closed voting (409)', async () => {
    const post = await insertPost(boardId);
    const bad = await onBehalf(actors.moderator, post.number, { email: 'not-an-email' });
    expect(bad.status).toBe(422);
    expect(bad.json.error?.fields?.email).toBeTruthy();
    expect((await onBehalf(actors.moderator, 999_998, { email: 'a@example.test' })).status).toBe(404);
    const done = await insertPost(boardId, { statusId: (await statusBySlug('complete')).id });
    expect((await onBehalf(actors.moderator, done.number, { email: 'late@example.test' })).json.error?.code).toBe('VOTING_CLOSED');
    expect(await db().select().from(users).where(eq(users.email, 'late@example.test'))).toHaveLength(0);
  });

  it('refuses a banned person (409)', async () => {
    const post = await insertPost(boardId);
    const banned = await createTestActor('member', { banned: true });
    const res = await onBehalf(actors.moderator, post.number, { email: banned.email });
    expect(res.status).toBe(409);
    expect(await recount(post.id)).toBe(0);
  });
});

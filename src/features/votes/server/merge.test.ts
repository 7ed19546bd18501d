/**
 * Merging duplicates over HTTP (SPEC.md §4): roles, MERGE_INVALID for self and cycles, votes
 * copied once per person, subscribers moved, unmerge restoring the target; and the post bell.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { subscriptionRoute } from '@/composition/api/post-subscription-route';
import { isSubscribed, setSubscription } from '@/features/subscriptions/server/service';
import { db } from '@/server/db/client';
import { auditEvents, posts, rateLimits, subscriptions, votes } from '@/server/db/schema';
import type { UserActor } from '@/server/identity/actor';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import type { MergeResult } from '../schema';
import { mergeRoute, voteRoute } from './handlers';
import { setVote } from './service';
import { insertBoard, insertPost } from '@/test/content';
import { createPlainUsers, postRow, recount, voterIds } from './test-fixtures';

useTestDatabase();

let actors: { member: TestActor; moderator: TestActor; admin: TestActor };
let boardId: string;
beforeAll(async () => {
  actors = await createRoleActors();
  boardId = (await insertBoard()).id;
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

type Answer = MergeResult & { error?: { code: string; message: string; fields?: Record<string, string> } };
const merge = (as: TestActor | undefined, number: number, into: unknown) =>
  callRoute<Answer>(mergeRoute, { method: 'POST', params: { number: String(number) }, body: { into }, as });
const unmerge = (as: TestActor | undefined, number: number) =>
  callRoute<Answer>(mergeRoute, { method: 'DELETE', params: { number: String(number) }, as });

async function postWithVoters(userIds: string[]) {
  const post = await insertPost(boardId);
  if (userIds.length)
    await db()
      .insert(votes)
      .values(userIds.map((userId) => ({ postId: post.id, userId })));
  await db().update(posts).set({ voteCount: userIds.length }).where(eq(posts.id, post.id));
  return post;
}

describe('POST and DELETE /api/v1/posts/[number]/merge', () => {
  it('is for the team: visitors 401, members 403', async () => {
    const [a, b] = [await insertPost(boardId), await insertPost(boardId)];
    expect((await merge(undefined, a.number, b.number)).status).toBe(401);
    expect((await merge(actors.member, a.number, b.number)).status).toBe(403);
    expect((await unmerge(actors.member, a.number)).status).toBe(403);
    expect((await postRow(a.id)).mergedIntoId).toBeNull();
  });

  it('refuses a target number past PostgreSQL integer with 422, not a 500 (found by the API fuzzer)', async () => {
    const a = await insertPost(boardId);
    for (const into of [2 ** 31, Number.MAX_SAFE_INTEGER]) {
      const res = await merge(actors.moderator, a.number, into);
      expect(res.status).toBe(422);
      expect(res.json.error?.fields).toHaveProperty('into');
    }
    expect((await postRow(a.id)).mergedIntoId).toBeNull();
  });

  it('merges: votes copied once per person, the duplicate keeps its own, subscribers follow, voting on the duplicate closes; unmerge restores', async () => {
    const [u1, u2, u3, u4] = await createPlainUsers(4, 'merge');
    const duplicate = await postWithVoters([u1!, u2!, u3!]);
    const target = await postWithVoters([u3!, u4!]);
    await setSubscription(db(), u1!, duplicate.id, true);
    await setSubscription(db(), u2!, duplicate.id, false); // opted out: not moved
    await setSubscription(db(), u3!, target.id, false); // opted out of the target: kept
    await setSubscription(db(), u3!, duplicate.id, true);

    const res = await merge(actors.moderator, duplicate.number, target.number);
    expect(res.status).toBe(200);
    expect(res.json.post).toMatchObject({
      number: duplicate.number,
      voteCount: 3,
      mergedInto: { number: target.number, title: target.title },
    });
    expect(res.json.target).toMatchObject({ number: target.number, voteCount: 4, mergedInto: null });
    expect(await voterIds(target.id)).toEqual([u1!, u2!, u3!, u4!].sort());
    expect(await voterIds(duplicate.id)).toEqual([u1!, u2!, u3!].sort());
    expect((await postRow(target.id)).voteCount).toBe(await recount(target.id));
    const copied = await db()
      .select()
      .from(votes)
      .where(and(eq(votes.postId, target.id), isNotNull(votes.mergedFromId)));
    expect(copied.map((v) => v.userId).sort()).toEqual([u1!, u2!].sort());
    expect(await isSubscribed(db(), u1!, target.id)).toBe(true);
    expect(await isSubscribed(db(), u2!, target.id)).toBe(false);
    expect(await isSubscribed(db(), u3!, target.id)).toBe(false);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'post.merged'), eq(auditEvents.targetId, String(duplicate.number))));
    expect(audit?.actorId).toBe(actors.moderator.id);

    const closed = await callRoute(voteRoute, { method: 'PUT', params: { number: String(duplicate.number) }, as: actors.member });
    expect(closed.json.error?.code).toBe('VOTING_CLOSED');
    expect((await merge(actors.admin, duplicate.number, target.number)).json.error?.code).toBe('MERGE_INVALID');

    const back = await unmerge(actors.admin, duplicate.number);
    expect(back.status).toBe(200);
    expect(back.json.post).toMatchObject({ voteCount: 3, mergedInto: null });
    expect(back.json.target).toMatchObject({ number: target.number, voteCount: 2 });
    expect(await voterIds(target.id)).toEqual([u3!, u4!].sort());
    expect(await voterIds(duplicate.id)).toEqual([u1!, u2!, u3!].sort());
    expect((await postRow(duplicate.id)).mergedAt).toBeNull();
    // Unmerging again changes nothing.
    expect((await unmerge(actors.admin, duplicate.number)).json).toMatchObject({ post: { mergedInto: null }, target: null });
  });

  it('keeps the votes cast on the target while merged when unmerging', async () => {
    const [u1, u2] = await createPlainUsers(2, 'kept');
    const duplicate = await postWithVoters([u1!, u2!]);
    const target = await postWithVoters([]);
    await merge(actors.moderator, duplicate.number, target.number);
    // u1 takes the copied vote back and casts it again, directly on the target.
    const asU1: UserActor = {
      kind: 'user',
      id: u1!,
      role: 'member',
      displayName: 'u1',
      email: 'u1@example.test',
      emailVerified: true,
      avatarUrl: null,
      sessionHash: 'x',
    };
    await setVote(asU1, target.number, false);
    await setVote(asU1, target.number, true);
    const voter = await createTestActor('member');
    await callRoute(voteRoute, { method: 'PUT', params: { number: String(target.number) }, as: voter });
    await unmerge(actors.moderator, duplicate.number);
    expect(await voterIds(target.id)).toEqual([u1!, voter.id].sort());
    expect((await postRow(target.id)).voteCount).toBe(2);
  });

  it('refuses merging into itself or making a cycle (MERGE_INVALID), and a merged target', async () => {
    const [a, b, c] = [await insertPost(boardId), await insertPost(boardId), await insertPost(boardId)];
    const self = await merge(actors.moderator, a.number, a.number);
    expect(self.status).toBe(409);
    expect(self.json.error?.code).toBe('MERGE_INVALID');

    expect((await merge(actors.moderator, a.number, b.number)).status).toBe(200);
    const direct = await merge(actors.moderator, b.number, a.number);
    expect(direct.json.error?.code).toBe('MERGE_INVALID');
    expect(direct.json.error?.message).toMatch(/cycle/);

    expect((await merge(actors.moderator, b.number, c.number)).status).toBe(200); // a → b → c
    const transitive = await merge(actors.moderator, c.number, a.number);
    expect(transitive.json.error?.code).toBe('MERGE_INVALID');
    expect(transitive.json.error?.message).toMatch(/cycle/);
    expect((await postRow(c.id)).mergedIntoId).toBeNull();

    const d = await insertPost(boardId);
    const intoMerged = await merge(actors.moderator, d.number, b.number);
    expect(intoMerged.json.error?.code).toBe('MERGE_INVALID');
  });

  it('needs a visible, live target (404) and a valid number (422)', async () => {
    const a = await insertPost(boardId);
    const gone = await insertPost(boardId, { deletedAt: new Date() });
    const res = await merge(actors.moderator, a.number, gone.number);
    expect(res.status).toBe(404);
    expect(res.json.error?.fields?.into).toBeTruthy();
    expect((await merge(actors.moderator, gone.number, a.number)).status).toBe(404);
    expect((await merge(actors.moderator, a.number, 'x')).status).toBe(422);
    expect((await merge(actors.moderator, a.number, -1)).json.error?.fields?.into).toBeTruthy();
  });

  it('two moderators merging two posts into each other at once: exactly one merge happens', async () => {
    const [u1, u2] = await createPlainUsers(2, 'race');
    const a = await postWithVoters([u1!]);
    const b = await postWithVoters([u2!]);
    const results = await Promise.all([merge(actors.moderator, a.number, b.number), merge(actors.admin, b.number, a.number)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const merged = [await postRow(a.id), await postRow(b.id)].filter((p) => p.mergedIntoId);
    expect(merged).toHaveLength(1);
    for (const p of [a, b]) expect((await postRow(p.id)).voteCount).toBe(await recount(p.id));
  });
});

describe('GET and PUT /api/v1/posts/[number]/subscription', () => {
  const get = (as: TestActor | undefined, number: number) => callRoute(subscriptionRoute, { params: { number: String(number) }, as });
  const put = (as: TestActor | undefined, number: number, subscribed: unknown) =>
    callRoute(subscriptionRoute, { method: 'PUT', params: { number: String(number) }, body: { subscribed }, as });

  it('visitors 401; a member reads and toggles the bell; an explicit opt-out survives a later vote', async () => {
    const post = await insertPost(boardId);
    const member = await createTestActor('member');
    expect((await get(undefined, post.number)).status).toBe(401);
    expect((await put(undefined, post.number, true)).status).toBe(401);
    expect((await get(member, post.number)).json).toEqual({ subscribed: false });
    expect((await put(member, post.number, true)).json).toEqual({ subscribed: true });
    expect((await get(member, post.number)).json).toEqual({ subscribed: true });
    expect((await put(member, post.number, false)).json).toEqual({ subscribed: false });
    await callRoute(voteRoute, { method: 'PUT', params: { number: String(post.number) }, as: member });
    expect((await get(member, post.number)).json).toEqual({ subscribed: false });
    const rows = await db().select().from(subscriptions).where(eq(subscriptions.postId, post.id));
    expect(rows).toHaveLength(1);
  });

  it('hides hidden posts (404), validates (422), and follows the posting policy for subscribing', async () => {
    const secret = await insertPost((await insertBoard({ visibility: 'private' })).id);
    expect((await get(actors.member, secret.number)).status).toBe(404);
    expect((await put(actors.member, secret.number, true)).status).toBe(404);
    const post = await insertPost(boardId);
    expect((await put(actors.member, post.number, 'yes')).status).toBe(422);
    const teamPost = await insertPost((await insertBoard({ posting: 'team' })).id);
    expect((await put(actors.member, teamPost.number, true)).status).toBe(403);
    expect((await put(actors.member, teamPost.number, false)).status).toBe(200);
    expect((await put(actors.moderator, teamPost.number, true)).status).toBe(200);
  });
});

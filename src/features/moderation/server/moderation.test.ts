/** Moderation over HTTP: approval of pending posts, pin, the inbox; roles and visibility. */
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { visiblePostSql } from '@/server/identity/visibility';
import { insertBoard, insertPost, statusBySlug } from '@/test/content';
import { db } from '@/server/db/client';
import { auditEvents, boards, outbox, posts, rateLimits } from '@/server/db/schema';
import { VISITOR } from '@/server/identity/actor';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import type { Inbox } from '../schema';
import { inboxRoute, postApprovalRoute, postPinRoute } from './handlers';

useTestDatabase();

let actors: Awaited<ReturnType<typeof createRoleActors>>;
let boardId: string;
beforeAll(async () => {
  actors = await createRoleActors();
  boardId = (await insertBoard()).id;
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

const decide = (as: TestActor | undefined, number: number, approval: string) =>
  callRoute(postApprovalRoute, { method: 'POST', params: { number: String(number) }, body: { approval }, as });

const visibleToVisitor = async (postId: string) =>
  (
    await db()
      .select({ id: posts.id })
      .from(posts)
      .innerJoin(boards, eq(boards.id, posts.boardId))
      .where(and(eq(posts.id, postId), visiblePostSql(VISITOR)))
  ).length === 1;

describe('roles', () => {
  it.each([
    ['visitor', 401],
    ['member', 403],
    ['moderator', 200],
    ['admin', 200],
  ] as const)('approval, pin and inbox as %s answer %i', async (who, status) => {
    const as = who === 'visitor' ? undefined : actors[who];
    const post = await insertPost(boardId, { approval: 'pending' });
    expect((await decide(as, post.number, 'approved')).status).toBe(status);
    expect(
      (await callRoute(postPinRoute, { method: 'POST', params: { number: String(post.number) }, body: { pinned: true }, as })).status,
    ).toBe(status);
    expect((await callRoute(inboxRoute, { as })).status).toBe(status);
  });
});

describe('approval', () => {
  it('approving a pending post makes it public; a second decision is a CONFLICT', async () => {
    const author = await createTestActor('member');
    const post = await insertPost(boardId, { approval: 'pending', authorId: author.id });
    expect(await visibleToVisitor(post.id)).toBe(false);
    const res = await decide(actors.moderator, post.number, 'approved');
    expect(res.json).toEqual({ number: post.number, approval: 'approved' });
    expect(await visibleToVisitor(post.id)).toBe(true);
    const again = await decide(actors.moderator, post.number, 'rejected');
    expect(again.status).toBe(409);
    expect(again.json.error?.code).toBe('CONFLICT');
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'post.approved'), eq(auditEvents.targetId, String(post.number))));
    expect(audits).toHaveLength(1);
  });

  it('rejecting hides the post, emails the author through the outbox, and audits', async () => {
    const author = await createTestActor('member');
    const post = await insertPost(boardId, { approval: 'pending', authorId: author.id, title: 'Please add <script>dark</script> mode' });
    expect((await decide(actors.admin, post.number, 'rejected')).status).toBe(200);
    expect(await visibleToVisitor(post.id)).toBe(false);
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, author.email), eq(outbox.kind, 'post_rejected')));
    expect(mail?.payload.text).toContain('Please add <script>dark</script> mode');
    expect(mail?.payload.html).not.toContain('<script>');
    expect(
      await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'post.rejected'), eq(auditEvents.targetId, String(post.number)))),
    ).toHaveLength(1);
  });

  it('refuses an approved post and validates the body', async () => {
    const post = await insertPost(boardId);
    expect((await decide(actors.moderator, post.number, 'approved')).status).toBe(409);
    const bad = await decide(actors.moderator, post.number, 'maybe');
    expect(bad.status).toBe(422);
    expect(bad.json.error?.fields).toHaveProperty('approval');
  });
});

describe('pin', () => {
  it('pins and unpins', async () => {
    const post = await insertPost(boardId);
    const res = await callRoute(postPinRoute, {
      method: 'POST',
      params: { number: String(post.number) },
      body: { pinned: true },
      as: actors.moderator,
    });
    expect(res.json).toEqual({ number: post.number, pinned: true });
    await callRoute(postPinRoute, {
      method: 'POST',
      params: { number: String(post.number) },
      body: { pinned: false },
      as: actors.moderator,
    });
    const [row] = await db().select({ pinned: posts.pinned }).from(posts).where(eq(posts.id, post.id));
    expect(row?.pinned).toBe(false);
  });
});

describe('the inbox', () => {
  it('lists pending posts and new posts without a status, newest first, paged', async () => {
    const board = await insertBoard({ visibility: 'private' });
    const t = (m: number) => new Date(Date.UTC(2030, 0, 1, 0, m));
    const pending = [
      await insertPost(board.id, { approval: 'pending', createdAt: t(1) }),
      await insertPost(board.id, { approval: 'pending', createdAt: t(2) }),
    ];
    const fresh = await insertPost(board.id, { createdAt: t(3) });
    const planned = await statusBySlug('planned');
    const triaged = await insertPost(board.id, { statusId: planned.id, createdAt: t(4) });
    const deleted = await insertPost(board.id, { createdAt: t(5), deletedAt: new Date() });
    const merged = await insertPost(board.id, { createdAt: t(6), mergedIntoId: fresh.id });
    const rejected = await insertPost(board.id, { createdAt: t(7), approval: 'rejected' });

    const page1 = await callRoute<Inbox>(inboxRoute, { query: { limit: '1' }, as: actors.moderator });
    expect(page1.status).toBe(200);
    expect(page1.json.pendingPosts.items.map((p) => p.number)).toEqual([pending[1]!.number]);
    expect(page1.json.untriagedPosts.items[0]?.number).toBe(fresh.number);
    const page2 = await callRoute<Inbox>(inboxRoute, {
      query: { limit: '1', pendingCursor: page1.json.pendingPosts.nextCursor! },
      as: actors.moderator,
    });
    expect(page2.json.pendingPosts.items.map((p) => p.number)).toEqual([pending[0]!.number]);

    const all = await callRoute<Inbox>(inboxRoute, { query: { limit: '100' }, as: actors.admin });
    const untriaged = all.json.untriagedPosts.items.map((p) => p.number);
    expect(untriaged).toContain(fresh.number);
    for (const p of [triaged, deleted, merged, rejected, ...pending]) expect(untriaged).not.toContain(p.number);

    const bad = await callRoute(inboxRoute, { query: { pendingCursor: 'garbage' }, as: actors.admin });
    expect(bad.status).toBe(422);
    expect(bad.json.error?.fields).toHaveProperty(['query.pendingCursor']);
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertBoard, insertPost, markStatusChanged } from '@/test/content';
import { db } from '@/server/db/client';
import { comments, posts, rateLimits, subscriptions } from '@/server/db/schema';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { commentRoute, postCommentsRoute } from './handlers';

useTestDatabase();

let member: TestActor, moderator: TestActor, admin: TestActor, other: TestActor;
let board: Awaited<ReturnType<typeof insertBoard>>;

beforeAll(async () => {
  ({ member, moderator, admin } = await createRoleActors());
  other = await createTestActor('member');
  board = await insertBoard();
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

type Item = {
  id: number;
  body: string | null;
  internal: boolean;
  deleted: boolean;
  author: { isTeam: boolean; displayName: string };
  editedAt: string | null;
};
const list = async (number: number, as?: TestActor) =>
  callRoute<{ items: Item[] }>(postCommentsRoute, { params: { number: String(number) }, as });
const post = (number: number, body: unknown, as?: TestActor) =>
  callRoute(postCommentsRoute, { method: 'POST', params: { number: String(number) }, body, origin: 'self', as });
const edit = (id: number, body: unknown, as?: TestActor) =>
  callRoute(commentRoute, { method: 'PATCH', params: { id: String(id) }, body, origin: 'self', as });
const remove = (id: number, as?: TestActor) =>
  callRoute(commentRoute, { method: 'DELETE', params: { id: String(id) }, origin: 'self', as });
const countOf = async (postId: string) => (await db().select().from(posts).where(eq(posts.id, postId)))[0]!.commentCount;

describe('comments', () => {
  it('posts a comment, counts it, bumps activity and subscribes the author; lists oldest first', async () => {
    const p = await insertPost(board.id, { authorId: member.id });
    const first = await post(p.number, { body: 'First!' }, other);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      body: 'First!',
      internal: false,
      deleted: false,
      postNumber: p.number,
      author: { id: other.id, isTeam: false },
    });
    expect(await countOf(p.id)).toBe(1);
    const second = await post(p.number, { body: 'Thanks, we are on it' }, moderator);
    expect(second.json.author).toMatchObject({ isTeam: true });
    expect(await countOf(p.id)).toBe(2);
    const [row] = await db().select().from(posts).where(eq(posts.id, p.id));
    expect(row!.activityAt.getTime()).toBeGreaterThan(p.activityAt.getTime());
    const subs = await db().select().from(subscriptions).where(eq(subscriptions.postId, p.id));
    expect(subs.map((s) => s.userId)).toEqual(expect.arrayContaining([other.id, moderator.id]));
    const res = await list(p.number);
    expect(res.status).toBe(200);
    expect(res.json.items.map((c) => c.body)).toEqual(['First!', 'Thanks, we are on it']);
  });

  it('refuses visitors (401), empty bodies (422), hidden posts (404), archived boards and merged posts (403)', async () => {
    const p = await insertPost(board.id, { authorId: member.id });
    expect((await post(p.number, { body: 'hi' })).status).toBe(401);
    const empty = await post(p.number, { body: '   ' }, member);
    expect(empty.status).toBe(422);
    expect(empty.json.error?.fields).toHaveProperty('body');
    expect((await post(p.number, { body: 'x'.repeat(5001) }, member)).status).toBe(422);
    const secret = await insertBoard({ visibility: 'private' });
    const hidden = await insertPost(secret.id, { authorId: admin.id });
    expect((await post(hidden.number, { body: 'hi' }, member)).status).toBe(404);
    expect((await list(hidden.number, member)).status).toBe(404);
    const archived = await insertBoard({ archivedAt: new Date() });
    const old = await insertPost(archived.id, { authorId: member.id });
    const refused = await post(old.number, { body: 'hi' }, admin);
    expect(refused.status).toBe(403);
    expect(refused.json.error?.message).toMatch(/archived/);
    const target = await insertPost(board.id, { authorId: member.id });
    const dup = await insertPost(board.id, { authorId: member.id });
    await db().update(posts).set({ mergedIntoId: target.id }).where(eq(posts.id, dup.id));
    expect((await post(dup.number, { body: 'hi' }, member)).status).toBe(403);
  });

  it('internal notes: the team writes them, members get 403; nobody outside the team sees them, and they do not count', async () => {
    const p = await insertPost(board.id, { authorId: member.id });
    expect((await post(p.number, { body: 'psst', internal: true }, member)).status).toBe(403);
    const note = await post(p.number, { body: 'Customer is on the Pro plan', internal: true }, moderator);
    expect(note.status).toBe(201);
    expect(note.json.internal).toBe(true);
    expect(await countOf(p.id)).toBe(0);
    expect((await list(p.number, member)).json.items).toEqual([]);
    expect((await list(p.number)).json.items).toEqual([]);
    expect((await list(p.number, admin)).json.items.map((c) => c.body)).toEqual(['Customer is on the Pro plan']);
    // A member cannot even find it to edit or delete.
    expect((await edit(note.json.id as number, { body: 'x' }, member)).status).toBe(404);
    expect((await remove(note.json.id as number, member)).status).toBe(404);
    expect((await remove(note.json.id as number, moderator)).status).toBe(204);
    expect(await countOf(p.id)).toBe(0);
  });

  it('edit: the author within 30 minutes (marks edited), the team anyone (moderators not admins); late edits 403', async () => {
    const p = await insertPost(board.id, { authorId: member.id });
    const mine = await post(p.number, { body: 'Teh typo' }, member);
    const id = mine.json.id as number;
    expect((await edit(id, { body: 'x' })).status).toBe(401);
    expect((await edit(id, { body: 'x' }, other)).status).toBe(403);
    const fixed = await edit(id, { body: 'The typo' }, member);
    expect(fixed.status).toBe(200);
    expect(fixed.json).toMatchObject({ body: 'The typo' });
    expect(fixed.json.editedAt).toBeTruthy();
    // A comment's window does not depend on the post's status.
    await markStatusChanged(p.id);
    expect((await edit(id, { body: 'Still mine' }, member)).status).toBe(200);
    await db()
      .update(comments)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(comments.id, id));
    const late = await edit(id, { body: 'Too late' }, member);
    expect(late.status).toBe(403);
    expect(late.json.error?.message).toMatch(/edit window/);
    expect((await edit(id, { body: 'Moderated' }, moderator)).status).toBe(200);
    const byAdmin = await post(p.number, { body: 'From the admin' }, admin);
    expect((await edit(byAdmin.json.id as number, { body: 'x' }, moderator)).status).toBe(403);
    expect((await edit(999_999, { body: 'x' }, admin)).status).toBe(404);
  });

  it('delete: soft, leaves a placeholder without body, fixes the counter; own at any time, the team anyone (not admins by moderators)', async () => {
    const p = await insertPost(board.id, { authorId: member.id });
    const a = await post(p.number, { body: 'One' }, member);
    const b = await post(p.number, { body: 'Two' }, other);
    const c = await post(p.number, { body: 'Three' }, admin);
    expect(await countOf(p.id)).toBe(3);
    await db()
      .update(comments)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(comments.id, a.json.id as number));
    expect((await remove(a.json.id as number)).status).toBe(401);
    expect((await remove(a.json.id as number, other)).status).toBe(403);
    expect((await remove(a.json.id as number, member)).status).toBe(204);
    expect(await countOf(p.id)).toBe(2);
    expect((await remove(a.json.id as number, member)).status).toBe(404);
    expect((await remove(c.json.id as number, moderator)).status).toBe(403);
    expect((await remove(b.json.id as number, moderator)).status).toBe(204);
    expect(await countOf(p.id)).toBe(1);
    const items = (await list(p.number)).json.items;
    expect(items.map((i) => [i.deleted, i.body])).toEqual([
      [true, null],
      [true, null],
      [false, 'Three'],
    ]);
  });
});

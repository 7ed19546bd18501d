import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { comments, rateLimits, users } from '@/server/db/schema';
import { createTestActor, type TestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { grantBoard, insertBoard, insertPost } from '@/test/content';
import { boardMentionSuggestionsRoute, postMentionSuggestionsRoute } from './handlers';

useTestDatabase();

type Item = { id: string; displayName: string; avatarUrl: string | null };
type Answer = { items: Item[] };

const suggest = (number: number, q: string, as?: TestActor, context?: 'comment' | 'internal') =>
  callRoute<Answer>(postMentionSuggestionsRoute, {
    params: { number: String(number) },
    query: { q, ...(context ? { context } : {}) },
    as,
  });
const names = (answer: Answer) => {
  if (!answer.items) throw new Error(JSON.stringify(answer));
  return answer.items.map((i) => i.displayName);
};

let viewer: TestActor, moderator: TestActor, admin: TestActor;

beforeAll(async () => {
  viewer = await createTestActor('member', { displayName: 'Quill Viewer' });
  moderator = await createTestActor('moderator', { displayName: 'Quill Moderator' });
  admin = await createTestActor('admin', { displayName: 'Quill Admin' });
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

async function comment(
  postId: string,
  author: TestActor,
  opts: { internal?: boolean; approval?: 'pending' | 'approved'; deleted?: boolean } = {},
) {
  await db()
    .insert(comments)
    .values({
      postId,
      authorId: author.id,
      body: 'hi',
      internal: opts.internal ?? false,
      approval: opts.approval ?? 'approved',
      deletedAt: opts.deleted ? new Date() : null,
    });
}

describe('GET /api/v1/posts/{number}/mention-suggestions', () => {
  it('suggests the people who took part, then the team; never the viewer; never an email', async () => {
    const board = await insertBoard();
    const author = await createTestActor('member', { displayName: 'Quill Author' });
    const commenter = await createTestActor('member', { displayName: 'Quill Commenter' });
    const stranger = await createTestActor('member', { displayName: 'Quill Stranger' });
    const p = await insertPost(board.id, { authorId: author.id });
    await comment(p.id, commenter);
    await comment(p.id, viewer);

    const res = await suggest(p.number, 'quill', viewer);
    expect(res.status).toBe(200);
    // Participants first, then the team, each by name; the stranger took no part.
    expect(names(res.json)).toEqual(['Quill Author', 'Quill Commenter', 'Quill Admin', 'Quill Moderator']);
    expect(names(res.json)).not.toContain(stranger.displayName);
    expect(Object.keys(res.json.items[0]!).sort()).toEqual(['avatarUrl', 'displayName', 'id']);
    expect(res.text).not.toMatch(/@example\.test/);
    expect(res.json.items[0]!.id).toBe(author.id);
  });

  it('matches the start of the name or of a word in it, case-insensitively, and treats % and _ literally', async () => {
    const board = await insertBoard();
    const ada = await createTestActor('member', { displayName: 'Ada Lovelace' });
    const p = await insertPost(board.id, { authorId: ada.id });
    expect(names((await suggest(p.number, 'ADA', viewer)).json)).toContain('Ada Lovelace');
    expect(names((await suggest(p.number, 'love', viewer)).json)).toContain('Ada Lovelace');
    expect(names((await suggest(p.number, 'ovelace', viewer)).json)).not.toContain('Ada Lovelace');
    expect(names((await suggest(p.number, '%', viewer)).json)).toEqual([]);
    expect(names((await suggest(p.number, 'A_a', viewer)).json)).toEqual([]);
  });

  it('gives at most 8', async () => {
    const board = await insertBoard();
    const p = await insertPost(board.id, { authorId: viewer.id });
    for (let i = 0; i < 10; i++) await comment(p.id, await createTestActor('member', { displayName: `Many ${i}` }));
    expect((await suggest(p.number, 'many', viewer)).json.items).toHaveLength(8);
  });

  it('on a private board suggests only those who may read it: its members and the team', async () => {
    const board = await insertBoard({ visibility: 'private' });
    await grantBoard(board.id, viewer.id);
    const granted = await createTestActor('member', { displayName: 'Priv Granted' });
    await grantBoard(board.id, granted.id);
    const revoked = await createTestActor('member', { displayName: 'Priv Revoked' });
    const p = await insertPost(board.id, { authorId: revoked.id });
    await comment(p.id, granted);
    await comment(p.id, revoked);
    await comment(p.id, moderator);

    const got = names((await suggest(p.number, 'priv', viewer)).json);
    expect(got).toEqual(['Priv Granted']);
    expect(names((await suggest(p.number, 'quill', viewer)).json)).toEqual(['Quill Moderator', 'Quill Admin']);
    // Someone not granted the board gets 404, as for the post itself.
    const outsider = await createTestActor('member');
    expect((await suggest(p.number, 'priv', outsider)).status).toBe(404);
  });

  it('never suggests someone for a post they could not see: a pending post is its author’s and the team’s', async () => {
    const board = await insertBoard();
    const other = await createTestActor('member', { displayName: 'Pend Other' });
    const p = await insertPost(board.id, { authorId: viewer.id, approval: 'pending' });
    await comment(p.id, other);
    expect(names((await suggest(p.number, 'pend', moderator)).json)).toEqual([]);
    expect(names((await suggest(p.number, 'quill', moderator)).json)).toEqual(['Quill Viewer', 'Quill Admin']);
  });

  it('does not reveal the authors of internal notes or of others’ pending comments to members', async () => {
    const board = await insertBoard();
    const p = await insertPost(board.id);
    const pending = await createTestActor('member', { displayName: 'Hid Pending' });
    const gone = await createTestActor('member', { displayName: 'Hid Deleted Comment' });
    await comment(p.id, pending, { approval: 'pending' });
    await comment(p.id, gone, { deleted: true });
    expect(names((await suggest(p.number, 'hid', viewer)).json)).toEqual([]);
    // The team reads pending comments, so it is offered their authors.
    expect(names((await suggest(p.number, 'hid', moderator)).json)).toEqual(['Hid Pending']);
  });

  it('for an internal note suggests the team only', async () => {
    const board = await insertBoard();
    const member = await createTestActor('member', { displayName: 'Note Member' });
    const p = await insertPost(board.id, { authorId: member.id });
    await createTestActor('moderator', { displayName: 'Note Team' });
    expect(names((await suggest(p.number, 'note', admin, 'comment')).json)).toEqual(['Note Member', 'Note Team']);
    expect(names((await suggest(p.number, 'note', admin, 'internal')).json)).toEqual(['Note Team']);
  });

  it('leaves out banned and deleted people', async () => {
    const board = await insertBoard();
    const banned = await createTestActor('member', { displayName: 'Gone Banned', banned: true });
    const deleted = await createTestActor('moderator', { displayName: 'Gone Deleted' });
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    const p = await insertPost(board.id, { authorId: banned.id });
    await comment(p.id, deleted);
    expect(names((await suggest(p.number, 'gone', viewer)).json)).toEqual([]);
  });

  it('answers 401 to visitors, 404 for a missing or hidden post, and 422 for a bad query', async () => {
    const board = await insertBoard();
    const p = await insertPost(board.id);
    expect((await suggest(p.number, 'a')).status).toBe(401);
    expect((await suggest(999_999, 'a', viewer)).status).toBe(404);
    const hidden = await insertPost(board.id, { approval: 'rejected' });
    expect((await suggest(hidden.number, 'a', viewer)).status).toBe(404);
    expect((await suggest(p.number, 'x'.repeat(51), viewer)).status).toBe(422);
    expect((await suggest(p.number, 'a', viewer, 'secret' as 'internal')).status).toBe(422);
  });

  it('is rate limited', async () => {
    const board = await insertBoard();
    const p = await insertPost(board.id);
    let last = 0;
    for (let i = 0; i < 121; i++) last = (await suggest(p.number, 'a', viewer)).status;
    expect(last).toBe(429);
  });
});

describe('GET /api/v1/boards/{board}/mention-suggestions', () => {
  const onBoard = (slug: string, q: string, as?: TestActor) =>
    callRoute<Answer>(boardMentionSuggestionsRoute, { params: { board: slug }, query: { q }, as });

  it('suggests the team only, and hides private boards', async () => {
    const board = await insertBoard();
    await createTestActor('member', { displayName: 'Quill Member' });
    expect(names((await onBoard(board.slug, 'quill', viewer)).json)).toEqual(['Quill Admin', 'Quill Moderator']);
    expect((await onBoard(board.slug, 'quill')).status).toBe(401);
    const secret = await insertBoard({ visibility: 'private' });
    expect((await onBoard(secret.slug, 'quill', viewer)).status).toBe(404);
    expect((await onBoard(secret.slug, 'quill', moderator)).json.items.map((i) => i.displayName)).toEqual(['Quill Admin']);
  });
});

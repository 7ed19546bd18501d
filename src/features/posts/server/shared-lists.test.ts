/**
 * Lists shared with visitors (list-service.ts listPosts): on the embedded database a page is
 * computed once for everyone whose list is the visitors' list and kept until anything changes;
 * people whose lists differ (their own pending posts, private boards granted to them, the team
 * across boards) are never given the shared copy, and everyone's own votes are laid over it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { boardMembers } from '@/server/db/schema';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { insertBoard, insertPost } from '@/test/content';
import { testServerUrl, useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { voteRoute } from '@/features/votes/server/handlers';
import type { PostPage } from '../schema';
import { postsRoute } from './handlers';

const testDb = useTestDatabase();

let people: { member: TestActor; moderator: TestActor; admin: TestActor };
beforeAll(async () => {
  people = await createRoleActors();
});

const titles = async (as: TestActor | undefined, query: Record<string, string>) => {
  const res = await callRoute<PostPage>(postsRoute, { query, as });
  expect(res.status, res.text).toBe(200);
  return res.json.items.map((p) => p.title);
};

describe('lists shared with visitors', () => {
  it('show each person their own pending post, and nobody else’s, while others share the copy', async () => {
    const board = await insertBoard({ slug: `shared-${Date.now()}` });
    await insertPost(board.id, { title: 'Approved for all', authorId: people.admin.id });
    const author = await createTestActor('member');
    await insertPost(board.id, { title: 'Waiting for approval', authorId: author.id, approval: 'pending' });
    const query = { board: board.slug };

    expect(await titles(undefined, query)).toEqual(['Approved for all']);
    expect(await titles(people.member, query)).toEqual(['Approved for all']);
    expect((await titles(author, query)).sort()).toEqual(['Approved for all', 'Waiting for approval']);
    // Asked again, in the other order: the shared copy never carries the author's pending post.
    expect(await titles(people.member, query)).toEqual(['Approved for all']);
    expect(await titles(undefined, query)).toEqual(['Approved for all']);
  });

  it('show private boards to those granted them and to the team, across boards', async () => {
    const open = await insertBoard({ slug: `open-${Date.now()}` });
    const closed = await insertBoard({ slug: `closed-${Date.now()}`, visibility: 'private' });
    const q = `marker${Date.now()}`;
    await insertPost(open.id, { title: `Public ${q}`, authorId: people.admin.id });
    await insertPost(closed.id, { title: `Private ${q}`, authorId: people.admin.id });
    const granted = await createTestActor('member');
    await db().insert(boardMembers).values({ boardId: closed.id, userId: granted.id });

    expect(await titles(undefined, { q })).toEqual([`Public ${q}`]);
    expect(await titles(people.member, { q })).toEqual([`Public ${q}`]);
    expect((await titles(granted, { q })).sort()).toEqual([`Private ${q}`, `Public ${q}`]);
    expect((await titles(people.moderator, { q })).sort()).toEqual([`Private ${q}`, `Public ${q}`]);
    expect(await titles(people.member, { q })).toEqual([`Public ${q}`]);
  });

  it('lay each person’s own votes over the copy, and a vote is seen at once', async () => {
    const board = await insertBoard({ slug: `votes-${Date.now()}` });
    const post = await insertPost(board.id, { title: 'Vote for me', authorId: people.admin.id });
    const voter = await createTestActor('member');
    const page = async (as: TestActor | undefined) =>
      (await callRoute<PostPage>(postsRoute, { query: { board: board.slug }, as })).json.items[0]!;

    expect((await page(voter)).voted).toBe(false);
    expect((await page(people.member)).voteCount).toBe(0);
    const res = await callRoute(voteRoute, { method: 'PUT', params: { number: String(post.number) }, as: voter });
    expect(res.status, res.text).toBe(200);
    const mine = await page(voter);
    expect(mine.voted).toBe(true);
    expect(mine.voteCount).toBe(1);
    const theirs = await page(people.member);
    expect(theirs.voted).toBe(false);
    expect(theirs.voteCount).toBe(1);
    expect((await page(undefined)).voted).toBe(false);
  });

  it('are kept on the embedded database only: a copy is served until the content changes', async () => {
    const board = await insertBoard({ slug: `kept-${Date.now()}` });
    await insertPost(board.id, { title: 'First', authorId: people.admin.id });
    expect(await titles(people.member, { board: board.slug })).toEqual(['First']);
    // Written behind the API's back (no content change is announced): only a kept copy hides it.
    await insertPost(board.id, { title: 'Second', authorId: people.admin.id });
    const again = await titles(people.member, { board: board.slug });
    if (testDb.handle.exclusive) expect(again).toEqual(['First']);
    else expect(again.sort()).toEqual(['First', 'Second']);
  });

  // Only where this instance keeps copies (embedded PGlite here; on PostgreSQL, change-listener.test.ts).
  it.skipIf(Boolean(testServerUrl()))(
    'a vote clears the lists that show its count; another board’s list stays kept, and a refused vote clears nothing',
    async () => {
      const stamp = Date.now();
      const [voted, other] = [await insertBoard({ slug: `voted-${stamp}` }), await insertBoard({ slug: `other-${stamp}` })];
      const post = await insertPost(voted.id, { title: 'Voted on', authorId: people.admin.id });
      await insertPost(other.id, { title: 'Elsewhere', authorId: people.admin.id });
      const list = (board: string) => callRoute<PostPage>(postsRoute, { query: { board } }).then((r) => r.json.items);
      expect((await list(voted.slug))[0]!.voteCount).toBe(0);
      expect((await list(other.slug)).map((p) => p.title)).toEqual(['Elsewhere']);
      const search = () =>
        callRoute<PostPage>(postsRoute, { query: { q: `hidden${stamp}` } }).then((r) => r.json.items.map((p) => p.title));
      expect(await search()).toEqual([]);
      // Written behind the API's back: only a kept copy hides these posts.
      await insertPost(voted.id, { title: 'Hidden on the voted board', authorId: people.admin.id });
      await insertPost(other.id, { title: `Hidden on the other board hidden${stamp}`, authorId: people.admin.id });

      const refused = await callRoute(voteRoute, { method: 'PUT', params: { number: String(post.number) } });
      expect(refused.status).toBe(401);
      expect(await list(voted.slug)).toHaveLength(1);

      const res = await callRoute(voteRoute, { method: 'PUT', params: { number: String(post.number) }, as: people.member });
      expect(res.status, res.text).toBe(200);
      const after = await list(voted.slug);
      expect(after.map((p) => p.title).sort()).toEqual(['Hidden on the voted board', 'Voted on']);
      expect(after.find((p) => p.title === 'Voted on')!.voteCount).toBe(1);
      expect((await list(other.slug)).map((p) => p.title)).toEqual(['Elsewhere']);
      // A search across boards shows every board's counts: it goes too.
      expect(await search()).toEqual([`Hidden on the other board hidden${stamp}`]);
    },
  );
});

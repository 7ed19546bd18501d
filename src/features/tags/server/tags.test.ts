/** Tags over HTTP: roles, unique names ignoring case, delete removes from posts, a post's tags (at most 10). */
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertBoard, insertPost } from '@/test/content';
import { db } from '@/server/db/client';
import { auditEvents, postTags, rateLimits } from '@/server/db/schema';
import { createRoleActors, type TestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute, type CallResult, type JsonBody } from '@/test/http';
import type { Tag, TagRef } from '../schema';
import { tagRoute, tagsRoute } from './handlers';
import { postTagsRoute } from '@/features/posts/server/triage-handlers';

useTestDatabase();

type Who = 'visitor' | 'member' | 'moderator' | 'admin';
let actors: Record<Exclude<Who, 'visitor'>, TestActor>;
let boardId: string;
let seq = 0;
const uniqueName = () => `tag ${++seq} ${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  actors = await createRoleActors();
  boardId = (await insertBoard()).id;
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

const newTag = async (name = uniqueName()) => {
  const res = await callRoute<Tag>(tagsRoute, { method: 'POST', body: { name }, as: actors.admin });
  expect(res.status).toBe(201);
  return res.json;
};
const setTags = (as: TestActor | undefined, number: number, tagIds: unknown) =>
  callRoute<{ tags: TagRef[] } & JsonBody>(postTagsRoute, { method: 'PUT', params: { number: String(number) }, body: { tagIds }, as });

describe('who may call the tag routes', () => {
  const ROUTES: { name: string; call: (as: TestActor | undefined) => Promise<CallResult>; expected: Record<Who, number> }[] = [
    {
      name: 'GET /api/v1/tags',
      call: (as) => callRoute(tagsRoute, { as }),
      expected: { visitor: 200, member: 200, moderator: 200, admin: 200 },
    },
    {
      name: 'POST /api/v1/tags',
      call: (as) => callRoute(tagsRoute, { method: 'POST', body: { name: uniqueName() }, as }),
      expected: { visitor: 401, member: 403, moderator: 403, admin: 201 },
    },
    {
      name: 'PATCH /api/v1/tags/[id]',
      call: async (as) => callRoute(tagRoute, { method: 'PATCH', params: { id: (await newTag()).id }, body: { color: '#000000' }, as }),
      expected: { visitor: 401, member: 403, moderator: 403, admin: 200 },
    },
    {
      name: 'DELETE /api/v1/tags/[id]',
      call: async (as) => callRoute(tagRoute, { method: 'DELETE', params: { id: (await newTag()).id }, as }),
      expected: { visitor: 401, member: 403, moderator: 403, admin: 200 },
    },
    {
      name: 'PUT /api/v1/posts/[number]/tags',
      call: async (as) => setTags(as, (await insertPost(boardId)).number, [(await newTag()).id]),
      expected: { visitor: 401, member: 403, moderator: 200, admin: 200 },
    },
  ];
  const CODE: Record<number, string> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN' };
  describe.each(ROUTES)('$name', ({ call, expected }) => {
    it.each(['visitor', 'member', 'moderator', 'admin'] as const)('as %s', async (who) => {
      const res = await call(who === 'visitor' ? undefined : actors[who]);
      expect(res.status).toBe(expected[who]);
      if (CODE[res.status]) expect(res.json.error?.code).toBe(CODE[res.status]);
    });
  });
});

describe('tags', () => {
  it('creates with the default colour, refuses the same name in another case, and audits', async () => {
    const tag = await newTag('Mobile');
    expect(tag).toMatchObject({ name: 'Mobile', color: '#64748b', postCount: 0 });
    const dup = await callRoute(tagsRoute, { method: 'POST', body: { name: 'MOBILE', color: '#ffffff' }, as: actors.admin });
    expect(dup.status).toBe(409);
    // The English message for API clients, and the reason a page says in its own language.
    expect(dup.json.error).toMatchObject({ code: 'CONFLICT', reason: 'tagNameTaken', message: 'A tag with this name already exists.' });
    expect(dup.json.error?.fields).toHaveProperty('name');
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'tag.created'), eq(auditEvents.targetId, tag.id)));
    expect(audits).toHaveLength(1);
  });

  it('renames and recolours without resetting the other field; a clash is 409', async () => {
    const tag = await callRoute<Tag>(tagsRoute, { method: 'POST', body: { name: uniqueName(), color: '#AA0000' }, as: actors.admin });
    const renamed = await callRoute<Tag>(tagRoute, {
      method: 'PATCH',
      params: { id: tag.json.id },
      body: { name: 'Renamed tag' },
      as: actors.admin,
    });
    expect(renamed.json).toMatchObject({ name: 'Renamed tag', color: '#aa0000' });
    await newTag('Other tag');
    const clash = await callRoute(tagRoute, {
      method: 'PATCH',
      params: { id: tag.json.id },
      body: { name: 'other TAG' },
      as: actors.admin,
    });
    expect(clash.status).toBe(409);
    const bad = await callRoute(tagRoute, { method: 'PATCH', params: { id: tag.json.id }, body: { color: 'blue' }, as: actors.admin });
    expect(bad.status).toBe(422);
    expect(bad.json.error?.fields).toHaveProperty('color');
  });

  it('deleting a tag removes it from its posts; counts follow what the viewer may see', async () => {
    const tag = await newTag();
    const secret = await insertBoard({ visibility: 'private' });
    const a = await insertPost(boardId);
    const b = await insertPost(secret.id);
    expect((await setTags(actors.moderator, a.number, [tag.id])).status).toBe(200);
    expect((await setTags(actors.moderator, b.number, [tag.id])).status).toBe(200);
    const asMember = (await callRoute<{ items: Tag[] }>(tagsRoute, { as: actors.member })).json.items.find((t) => t.id === tag.id);
    const asAdmin = (await callRoute<{ items: Tag[] }>(tagsRoute, { as: actors.admin })).json.items.find((t) => t.id === tag.id);
    expect([asMember?.postCount, asAdmin?.postCount]).toEqual([1, 2]);
    const res = await callRoute(tagRoute, { method: 'DELETE', params: { id: tag.id }, as: actors.admin });
    expect(res.json).toMatchObject({ removedFromPosts: 2 });
    expect(await db().select().from(postTags).where(eq(postTags.tagId, tag.id))).toEqual([]);
    expect((await callRoute(tagRoute, { method: 'DELETE', params: { id: tag.id }, as: actors.admin })).status).toBe(404);
  });
});

describe("a post's tags", () => {
  it('replaces the set, dedupes, and answers the tags by name', async () => {
    const [x, y, z] = [await newTag('zeta'), await newTag('alpha'), await newTag('mid')];
    const post = await insertPost(boardId);
    const first = await setTags(actors.moderator, post.number, [x.id, y.id, x.id]);
    expect(first.json.tags.map((t) => t.name)).toEqual(['alpha', 'zeta']);
    const second = await setTags(actors.moderator, post.number, [z.id]);
    expect(second.json.tags.map((t) => t.name)).toEqual(['mid']);
    const rows = await db().select().from(postTags).where(eq(postTags.postId, post.id));
    expect(rows.map((r) => r.tagId)).toEqual([z.id]);
    expect((await setTags(actors.moderator, post.number, [])).json.tags).toEqual([]);
  });

  it('allows 10 tags and refuses 11 (422 on tagIds); unknown ids are refused too', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push((await newTag()).id);
    const post = await insertPost(boardId);
    expect((await setTags(actors.moderator, post.number, ids.slice(0, 10))).status).toBe(200);
    const eleven = await setTags(actors.moderator, post.number, ids);
    expect(eleven.status).toBe(422);
    expect(eleven.json.error?.code).toBe('VALIDATION_FAILED');
    expect(eleven.json.error?.fields).toHaveProperty('tagIds');
    expect(await db().select().from(postTags).where(eq(postTags.postId, post.id))).toHaveLength(10);
    const unknown = await setTags(actors.moderator, post.number, ['00000000-0000-4000-8000-000000000000']);
    expect(unknown.status).toBe(422);
    expect(unknown.json.error?.fields).toHaveProperty('tagIds');
    expect((await setTags(actors.moderator, 987654, [])).status).toBe(404);
  });
});

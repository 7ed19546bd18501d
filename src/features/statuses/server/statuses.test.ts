/** Statuses over HTTP: who may call what (SPEC.md §6), unique names, delete rules, reorder, audit. */
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { auditEvents, posts, rateLimits, statusChanges, statuses } from '@/server/db/schema';
import { createRoleActors, type TestActor } from '@/test/actors';
import { useTestDatabase } from '@/test/db';
import { callRoute, type CallResult, type JsonBody } from '@/test/http';
import type { Status } from '../schema';
import { statusesRoute, statusReorderRoute, statusRoute } from './handlers';
import { insertBoard, insertPost, statusBySlug } from '@/test/content';

useTestDatabase();

type Who = 'visitor' | 'member' | 'moderator' | 'admin';
let actors: Record<Exclude<Who, 'visitor'>, TestActor>;
let seq = 0;
const uniqueName = () => `Status ${++seq} ${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  actors = await createRoleActors();
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

const create = (as: TestActor | undefined, body: Record<string, unknown>) =>
  callRoute<Status & JsonBody>(statusesRoute, { method: 'POST', body, as });
const newStatus = async (overrides: Record<string, unknown> = {}) => {
  const res = await create(actors.admin, { name: uniqueName(), color: '#123456', category: 'planned', ...overrides });
  expect(res.status).toBe(201);
  return res.json;
};

describe('who may call the status routes', () => {
  const ROUTES: { name: string; call: (as: TestActor | undefined) => Promise<CallResult>; expected: Record<Who, number> }[] = [
    {
      name: 'GET /api/v1/statuses',
      call: (as) => callRoute(statusesRoute, { as }),
      expected: { visitor: 200, member: 200, moderator: 200, admin: 200 },
    },
    {
      name: 'POST /api/v1/statuses',
      call: (as) => create(as, { name: uniqueName(), color: '#abcdef', category: 'open' }),
      expected: { visitor: 401, member: 403, moderator: 403, admin: 201 },
    },
    {
      name: 'PATCH /api/v1/statuses/[id]',
      call: async (as) =>
        callRoute(statusRoute, { method: 'PATCH', params: { id: (await newStatus()).id }, body: { color: '#000000' }, as }),
      expected: { visitor: 401, member: 403, moderator: 403, admin: 200 },
    },
    {
      name: 'DELETE /api/v1/statuses/[id]',
      call: async (as) => callRoute(statusRoute, { method: 'DELETE', params: { id: (await newStatus()).id }, as }),
      expected: { visitor: 401, member: 403, moderator: 403, admin: 200 },
    },
    {
      name: 'POST /api/v1/statuses/reorder',
      call: async (as) => {
        const all = (await callRoute<{ items: Status[] }>(statusesRoute, { as: actors.admin })).json.items;
        return callRoute(statusReorderRoute, { method: 'POST', body: { ids: all.map((s) => s.id) }, as });
      },
      expected: { visitor: 401, member: 403, moderator: 403, admin: 200 },
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

  it('answers 405 with Allow for other methods', async () => {
    const res = await callRoute(statusRoute, { method: 'GET', params: { id: (await newStatus()).id }, as: actors.admin });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('PATCH, DELETE');
  });
});

describe('listing', () => {
  it('lists the six defaults in order, with post counts scoped to what the viewer may see', async () => {
    const planned = await statusBySlug('planned');
    const open = await insertBoard();
    const secret = await insertBoard({ visibility: 'private' });
    await insertPost(open.id, { statusId: planned.id });
    await insertPost(secret.id, { statusId: planned.id });
    await insertPost(open.id, { statusId: planned.id, deletedAt: new Date() });
    const asVisitor = (await callRoute<{ items: Status[] }>(statusesRoute)).json.items;
    const asAdmin = (await callRoute<{ items: Status[] }>(statusesRoute, { as: actors.admin })).json.items;
    expect(asVisitor.slice(0, 6).map((s) => s.slug)).toEqual(['open', 'under-review', 'planned', 'in-progress', 'complete', 'closed']);
    expect(asVisitor.find((s) => s.slug === 'planned')!.postCount).toBe(1);
    expect(asAdmin.find((s) => s.slug === 'planned')!.postCount).toBe(2);
  });
});

describe('creating and renaming', () => {
  it('creates with a slug from the name and records an audit event', async () => {
    const res = await create(actors.admin, { name: '  Needs   Info ', color: '#ABCDEF', category: 'open', onRoadmap: true });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: 'Needs Info',
      slug: 'needs-info',
      color: '#abcdef',
      category: 'open',
      onRoadmap: true,
      postCount: 0,
    });
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'status.created'), eq(auditEvents.targetId, res.json.id)));
    expect(audit?.actorId).toBe(actors.admin.id);
  });

  it('refuses a name that differs only in case (409 CONFLICT on fields.name)', async () => {
    const res = await create(actors.admin, { name: 'pLaNnEd', color: '#123456', category: 'planned' });
    expect(res.status).toBe(409);
    expect(res.json.error?.code).toBe('CONFLICT');
    expect(res.json.error?.fields).toHaveProperty('name');
  });

  it('validates names and colours (422 with fields)', async () => {
    const res = await create(actors.admin, { name: '   ', color: 'red', category: 'someday' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.error!.fields!).sort()).toEqual(['category', 'color', 'name']);
    const long = await create(actors.admin, { name: 'x'.repeat(31), color: '#123456', category: 'open' });
    expect(long.json.error?.fields).toHaveProperty('name');
  });

  it('renames (new slug), recolours, changes category and roadmap; a rename keeps the roadmap flag', async () => {
    const s = await newStatus({ onRoadmap: true });
    const res = await callRoute<Status>(statusRoute, {
      method: 'PATCH',
      params: { id: s.id },
      body: { name: 'Shipping soon' },
      as: actors.admin,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: 'Shipping soon', slug: 'shipping-soon', onRoadmap: true });
    const res2 = await callRoute<Status>(statusRoute, {
      method: 'PATCH',
      params: { id: s.id },
      body: { color: '#FF0000', category: 'in_progress', onRoadmap: false },
      as: actors.admin,
    });
    expect(res2.json).toMatchObject({ color: '#ff0000', category: 'in_progress', onRoadmap: false, name: 'Shipping soon' });
  });

  it('refuses renaming onto another status name, ignoring case; renaming to its own name in another case is fine', async () => {
    const s = await newStatus();
    const clash = await callRoute(statusRoute, { method: 'PATCH', params: { id: s.id }, body: { name: 'COMPLETE' }, as: actors.admin });
    expect(clash.status).toBe(409);
    expect(clash.json.error?.fields).toHaveProperty('name');
    const self = await callRoute<Status>(statusRoute, {
      method: 'PATCH',
      params: { id: s.id },
      body: { name: s.name.toUpperCase() },
      as: actors.admin,
    });
    expect(self.status).toBe(200);
  });

  it('gives distinct slugs to names that slugify alike', async () => {
    const a = await newStatus({ name: 'Won’t fix' });
    const b = await newStatus({ name: 'Won t fix!' });
    expect(a.slug).toBe('won-t-fix');
    expect(b.slug).toBe('won-t-fix-2');
  });

  it('answers 404 for an unknown id and 422 for a malformed one', async () => {
    expect(
      (
        await callRoute(statusRoute, {
          method: 'PATCH',
          params: { id: '00000000-0000-4000-8000-000000000000' },
          body: { color: '#000000' },
          as: actors.admin,
        })
      ).status,
    ).toBe(404);
    expect((await callRoute(statusRoute, { method: 'PATCH', params: { id: 'nope' }, body: {}, as: actors.admin })).status).toBe(422);
  });
});

describe('reordering', () => {
  it('puts every status in the given order; a partial list is refused', async () => {
    const all = (await callRoute<{ items: Status[] }>(statusesRoute, { as: actors.admin })).json.items;
    const reversed = [...all].reverse().map((s) => s.id);
    const res = await callRoute<{ items: Status[] }>(statusReorderRoute, { method: 'POST', body: { ids: reversed }, as: actors.admin });
    expect(res.status).toBe(200);
    expect(res.json.items.map((s) => s.id)).toEqual(reversed);
    const rows = await db().select({ id: statuses.id }).from(statuses).orderBy(asc(statuses.position));
    expect(rows.map((r) => r.id)).toEqual(reversed);
    const partial = await callRoute(statusReorderRoute, { method: 'POST', body: { ids: reversed.slice(1) }, as: actors.admin });
    expect(partial.status).toBe(422);
    expect(partial.json.error?.fields).toHaveProperty('ids');
  });
});

describe('deleting', () => {
  it('deletes an unused status', async () => {
    const s = await newStatus();
    const res = await callRoute(statusRoute, { method: 'DELETE', params: { id: s.id }, as: actors.admin });
    expect(res.status).toBe(200);
    expect(await db().select().from(statuses).where(eq(statuses.id, s.id))).toEqual([]);
  });

  it('refuses to delete a status in use without moveTo, then moves the posts with history rows', async () => {
    const s = await newStatus();
    const target = await statusBySlug('closed');
    const board = await insertBoard();
    const p1 = await insertPost(board.id, { statusId: s.id });
    const p2 = await insertPost(board.id, { statusId: s.id });
    const refused = await callRoute(statusRoute, { method: 'DELETE', params: { id: s.id }, as: actors.admin });
    expect(refused.status).toBe(409);
    expect(refused.json.error?.code).toBe('CONFLICT');
    expect(refused.json.error?.fields).toHaveProperty(['query.moveTo']);
    expect(refused.json.error?.message).toMatch(/2 posts use this status/);

    const self = await callRoute(statusRoute, { method: 'DELETE', params: { id: s.id }, query: { moveTo: s.id }, as: actors.admin });
    expect(self.status).toBe(422);

    const moved = await callRoute(statusRoute, { method: 'DELETE', params: { id: s.id }, query: { moveTo: target.id }, as: actors.admin });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ movedPosts: 2 });
    const rows = await db()
      .select({ statusId: posts.statusId, changed: posts.statusChangedAt })
      .from(posts)
      .where(eq(posts.boardId, board.id));
    expect(rows.every((r) => r.statusId === target.id && r.changed)).toBe(true);
    for (const p of [p1, p2]) {
      const history = await db().select().from(statusChanges).where(eq(statusChanges.postId, p.id));
      // The deleted status's id is set null in history by the foreign key; the destination and author stay.
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ toStatusId: target.id, byId: actors.admin.id, note: '' });
    }
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'status.deleted'), eq(auditEvents.targetId, s.id)));
    expect(audit?.after).toMatchObject({ movedTo: target.id, movedPosts: 2 });
  });

  it('deletes a status used only by deleted posts (they lose the status)', async () => {
    const s = await newStatus();
    const board = await insertBoard();
    const gone = await insertPost(board.id, { statusId: s.id, deletedAt: new Date() });
    const res = await callRoute(statusRoute, { method: 'DELETE', params: { id: s.id }, as: actors.admin });
    expect(res.status).toBe(200);
    const [row] = await db().select({ statusId: posts.statusId }).from(posts).where(eq(posts.id, gone.id));
    expect(row?.statusId).toBeNull();
  });

  it('keeps the last status', async () => {
    const board = await insertBoard();
    const all = (await callRoute<{ items: Status[] }>(statusesRoute, { as: actors.admin })).json.items;
    const keep = all[0]!;
    // Move everything onto `keep`, deleting the rest.
    for (const s of all.slice(1)) {
      const res = await callRoute(statusRoute, { method: 'DELETE', params: { id: s.id }, query: { moveTo: keep.id }, as: actors.admin });
      expect(res.status).toBe(200);
    }
    await insertPost(board.id, { statusId: keep.id });
    const last = await callRoute(statusRoute, { method: 'DELETE', params: { id: keep.id }, as: actors.admin });
    expect(last.status).toBe(409);
    expect(last.json.error?.message).toMatch(/at least one status/);
    expect(await db().select().from(statuses)).toHaveLength(1);
  });
});

import { desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetWorkspace } from '@/server/workspace';
import { db } from '@/server/db/client';
import { auditEvents, posts, rateLimits, users, workspaceSettings } from '@/server/db/schema';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { insertPost } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { BOARD_SLUG_PATTERN, boardSlugSchema, RESERVED_BOARD_SLUGS } from '../schema';
import { boardReorderRoute, boardRoute, boardsRoute } from './handlers';

useTestDatabase();

beforeEach(async () => {
  await db().delete(rateLimits);
});

let counter = 0;
const uniqueSlug = (prefix = 'board') => `${prefix}-${Date.now().toString(36)}-${counter++}`;

type BoardJson = {
  id: string;
  slug: string;
  name: string;
  visibility: string;
  posting: string;
  archived: boolean;
  position: number;
  postCount: number;
  grantedMembers?: { id: string }[];
};

const create = (as: TestActor | undefined, body: Record<string, unknown>) =>
  callRoute<BoardJson & { error?: { code: string; fields?: Record<string, string> } }>(boardsRoute, { method: 'POST', body, as });
const patch = (as: TestActor | undefined, board: string, body: Record<string, unknown>) =>
  callRoute<BoardJson & { error?: { code: string; fields?: Record<string, string> } }>(boardRoute, {
    method: 'PATCH',
    params: { board },
    body,
    as,
  });
const get = (as: TestActor | undefined, board: string) => callRoute<BoardJson>(boardRoute, { params: { board }, as });
const list = async (as?: TestActor) => {
  const res = await callRoute<{ items: BoardJson[] }>(boardsRoute, { as });
  expect(res.status).toBe(200);
  return res.json.items;
};

async function adminBoard(admin: TestActor, extra: Record<string, unknown> = {}) {
  const res = await create(admin, { name: 'A board', slug: uniqueSlug(), ...extra });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

const insertAuthoredPost = (boardId: string, authorId: string, values: Partial<typeof posts.$inferInsert> = {}) =>
  insertPost(boardId, { authorId, title: 'Some post title', ...values });

describe('creating boards', () => {
  it('lets admins create one, audited; moderators and members get 403, visitors 401', async () => {
    const { member, moderator, admin } = await createRoleActors();
    const slug = uniqueSlug('ideas');
    expect((await create(undefined, { name: 'Ideas', slug })).status).toBe(401);
    expect((await create(member, { name: 'Ideas', slug })).status).toBe(403);
    expect((await create(moderator, { name: 'Ideas', slug })).status).toBe(403);
    const res = await create(admin, { name: '  Ideas ', slug: slug.toUpperCase(), description: 'Tell us' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: 'Ideas',
      slug,
      description: 'Tell us',
      visibility: 'public',
      posting: 'members',
      archived: false,
      postCount: 0,
      grantedMembers: [],
    });
    const [event] = await db().select().from(auditEvents).where(eq(auditEvents.targetId, res.json.id));
    expect(event).toMatchObject({ action: 'board.created', actorId: admin.id, after: expect.objectContaining({ slug, name: 'Ideas' }) });
  });

  it('refuses a taken slug with CONFLICT on the slug field, and reserved or malformed slugs with 422', async () => {
    const admin = await createTestActor('admin');
    const first = await adminBoard(admin);
    const taken = await create(admin, { name: 'Again', slug: first.slug });
    expect(taken.status).toBe(409);
    expect(taken.json.error).toMatchObject({ code: 'CONFLICT', fields: { slug: expect.any(String) } });
    for (const slug of ['new', 'admin', 'api', '-lead', 'trail-', 'with space', 'x'.repeat(41), '']) {
      const res = await create(admin, { name: 'Board', slug });
      expect(res.status, slug).toBe(422);
      expect(res.json.error?.fields?.slug, slug).toBeTruthy();
    }
    const short = await create(admin, { name: 'B', slug: uniqueSlug() });
    expect(short.json.error?.fields?.name).toBeTruthy();
  });

  it('grants private boards only to people who exist', async () => {
    const { member, admin } = await createRoleActors();
    const ghost = '00000000-0000-4000-8000-000000000000';
    const bad = await create(admin, { name: 'Secret', slug: uniqueSlug(), visibility: 'private', grantedUserIds: [member.id, ghost] });
    expect(bad.status).toBe(422);
    expect(bad.json.error?.fields?.grantedUserIds).toBeTruthy();
    const ok = await create(admin, { name: 'Secret', slug: uniqueSlug(), visibility: 'private', grantedUserIds: [member.id, member.id] });
    expect(ok.status).toBe(201);
    expect(ok.json.grantedMembers?.map((m) => m.id)).toEqual([member.id]);
  });
});

describe('reading boards', () => {
  it('hides private boards from visitors and members not granted (404), and shows them to granted members and the team', async () => {
    const { member, moderator, admin } = await createRoleActors();
    const granted = await createTestActor('member');
    const secret = await adminBoard(admin, { visibility: 'private', grantedUserIds: [granted.id] });
    const open = await adminBoard(admin);
    for (const who of [undefined, member]) {
      expect((await get(who, secret.slug)).status).toBe(404);
      const slugs = (await list(who)).map((b) => b.slug);
      expect(slugs).toContain(open.slug);
      expect(slugs).not.toContain(secret.slug);
    }
    for (const who of [granted, moderator, admin]) {
      expect((await get(who, secret.slug)).status).toBe(200);
      expect((await list(who)).map((b) => b.slug)).toContain(secret.slug);
    }
    // Only admins see who a board is granted to.
    expect((await get(granted, secret.slug)).json.grantedMembers).toBeUndefined();
    expect((await get(admin, secret.slug)).json.grantedMembers?.map((m) => m.id)).toEqual([granted.id]);
    expect((await get(undefined, 'no-such-board')).status).toBe(404);
  });

  it('counts the visible, listed posts: not deleted, merged, rejected or others\u2019 pending ones', async () => {
    const { member, admin } = await createRoleActors();
    const board = await adminBoard(admin);
    const target = await insertAuthoredPost(board.id, member.id);
    await insertAuthoredPost(board.id, member.id);
    await insertAuthoredPost(board.id, member.id, { deletedAt: new Date() });
    await insertAuthoredPost(board.id, member.id, { mergedIntoId: target.id });
    await insertAuthoredPost(board.id, member.id, { approval: 'rejected' });
    await insertAuthoredPost(board.id, member.id, { approval: 'pending' });
    const countFor = async (who?: TestActor) => (await list(who)).find((b) => b.id === board.id)?.postCount;
    expect(await countFor()).toBe(2);
    // The author sees their own pending post.
    expect(await countFor(member)).toBe(3);
  });

  it('keeps archived boards readable, flagged, in position order', async () => {
    const admin = await createTestActor('admin');
    const board = await adminBoard(admin);
    expect((await patch(admin, board.slug, { archived: true })).json.archived).toBe(true);
    const res = await get(undefined, board.slug);
    expect(res.status).toBe(200);
    expect(res.json.archived).toBe(true);
    const items = await list();
    expect(items.map((b) => b.position)).toEqual([...items.map((b) => b.position)].sort((a, b) => a - b));
  });

  it('answers 401 to visitors of a sign-in-required workspace', async () => {
    await db().update(workspaceSettings).set({ access: 'sign_in_required' }).where(eq(workspaceSettings.id, 1));
    forgetWorkspace();
    try {
      expect((await callRoute(boardsRoute)).status).toBe(401);
      expect((await callRoute(boardsRoute, { as: await createTestActor('member') })).status).toBe(200);
    } finally {
      await db().update(workspaceSettings).set({ access: 'public' }).where(eq(workspaceSettings.id, 1));
      forgetWorkspace();
    }
  });
});

describe('changing boards', () => {
  it('lets admins change each field, audits only what changed, and refuses others', async () => {
    const { member, moderator, admin } = await createRoleActors();
    const board = await adminBoard(admin);
    expect((await patch(undefined, board.slug, { name: 'New name' })).status).toBe(401);
    expect((await patch(member, board.slug, { name: 'New name' })).status).toBe(403);
    expect((await patch(moderator, board.slug, { name: 'New name' })).status).toBe(403);
    const newSlug = uniqueSlug('renamed');
    const res = await patch(admin, board.slug, {
      name: 'New name',
      slug: newSlug,
      description: 'About',
      posting: 'team',
      visibility: 'private',
      grantedUserIds: [member.id],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      name: 'New name',
      slug: newSlug,
      posting: 'team',
      visibility: 'private',
      grantedMembers: [{ id: member.id }],
    });
    expect((await get(member, newSlug)).status).toBe(200);
    const [event] = await db().select().from(auditEvents).where(eq(auditEvents.targetId, board.id)).orderBy(desc(auditEvents.id)).limit(1);
    expect(event?.action).toBe('board.updated');
    expect(Object.keys(event?.after as object).sort()).toEqual(['description', 'grantedUserIds', 'name', 'posting', 'slug', 'visibility']);

    // Replacing the grant list takes the board away from the member (and leaves every other field as it was).
    expect((await patch(admin, newSlug, { grantedUserIds: [] })).json.grantedMembers).toEqual([]);
    expect((await get(member, newSlug)).status).toBe(404);

    await patch(admin, newSlug, { archived: true });
    const [archived] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, board.id))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(archived?.action).toBe('board.archived');
    expect((await patch(admin, newSlug, { archived: false })).json.archived).toBe(false);
  });

  it('answers CONFLICT for a slug another board has, 404 for an unknown board, 422 with fields for bad values', async () => {
    const admin = await createTestActor('admin');
    const a = await adminBoard(admin);
    const b = await adminBoard(admin);
    const taken = await patch(admin, b.slug, { slug: a.slug });
    expect(taken.status).toBe(409);
    expect(taken.json.error?.fields?.slug).toBeTruthy();
    expect((await patch(admin, 'no-such-board', { name: 'Whatever' })).status).toBe(404);
    const bad = await patch(admin, b.slug, { slug: 'admin', visibility: 'secret' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error?.fields ?? {}).sort()).toEqual(['slug', 'visibility']);
  });

  it('does not grant deleted people', async () => {
    const { member, admin } = await createRoleActors();
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, member.id));
    const board = await adminBoard(admin);
    expect((await patch(admin, board.slug, { grantedUserIds: [member.id] })).status).toBe(422);
  });
});

describe('reordering boards', () => {
  it('puts the listed boards in the given order in the places they held; admins only; refuses duplicates and unknown ids', async () => {
    const { member, admin } = await createRoleActors();
    await adminBoard(admin);
    await adminBoard(admin);
    await adminBoard(admin);
    const before = (await list(admin)).map((b) => b.id);
    expect(before.length).toBeGreaterThanOrEqual(3);
    const wanted = [...before].reverse();
    expect((await callRoute(boardReorderRoute, { method: 'POST', body: { ids: wanted } })).status).toBe(401);
    expect((await callRoute(boardReorderRoute, { method: 'POST', body: { ids: wanted }, as: member })).status).toBe(403);
    const res = await callRoute<{ items: BoardJson[] }>(boardReorderRoute, { method: 'POST', body: { ids: wanted }, as: admin });
    expect(res.status).toBe(200);
    expect(res.json.items.map((b) => b.id)).toEqual(wanted);
    expect((await list(admin)).map((b) => b.position)).toEqual(wanted.map((_, i) => i));

    // A screen that missed a new board still swaps the two it shows; the new board stays put.
    const newcomer = await adminBoard(admin);
    const [a, b] = wanted;
    const swapped = await callRoute<{ items: BoardJson[] }>(boardReorderRoute, { method: 'POST', body: { ids: [b, a] }, as: admin });
    expect(swapped.json.items.map((x) => x.id)).toEqual([b, a, ...wanted.slice(2), newcomer.id]);

    const doubled = await callRoute(boardReorderRoute, { method: 'POST', body: { ids: [a, a] }, as: admin });
    expect(doubled.status).toBe(422);
    const unknown = await callRoute(boardReorderRoute, {
      method: 'POST',
      body: { ids: [a, '00000000-0000-4000-8000-000000000000'] },
      as: admin,
    });
    expect(unknown.status).toBe(422);
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'board.reordered'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event?.after).toEqual({ ids: [b, a, ...wanted.slice(2), newcomer.id] });
  });
});

describe('board slug validation (property)', () => {
  const reserved = new Set<string>(RESERVED_BOARD_SLUGS);

  it('accepts exactly the slugs that match the pattern and are not reserved', () => {
    const slugChars = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'.split(''));
    const anyChars = fc.constantFrom(...'abz09-_ .A/é'.split(''));
    const candidate = fc.oneof(
      fc.array(slugChars, { minLength: 1, maxLength: 42 }).map((a) => a.join('')),
      fc.array(anyChars, { minLength: 0, maxLength: 45 }).map((a) => a.join('')),
      fc.constantFrom(...RESERVED_BOARD_SLUGS),
    );
    fc.assert(
      fc.property(candidate, (raw) => {
        const result = boardSlugSchema.safeParse(raw);
        const normal = raw.trim().toLowerCase();
        const valid = BOARD_SLUG_PATTERN.test(normal) && !reserved.has(normal);
        expect(result.success).toBe(valid);
        if (result.success) {
          expect(result.data).toMatch(BOARD_SLUG_PATTERN);
          expect(reserved.has(result.data)).toBe(false);
          expect(result.data.length).toBeLessThanOrEqual(40);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

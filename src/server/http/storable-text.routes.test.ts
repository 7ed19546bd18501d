/**
 * Text PostgreSQL refuses (a NUL, an unpaired surrogate) is 422 VALIDATION_FAILED from the one
 * pipeline, wherever it is in the request: query, path segment, body (nested, arrays, keys),
 * on real routes of several features, before anything reaches the database.
 */
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { boardRoute, boardsRoute } from '@/features/boards/server/handlers';
import { postCommentsRoute } from '@/features/comments/server/handlers';
import { membersRoute } from '@/features/members/server/handlers';
import { outboxRoute } from '@/features/notifications/server/handlers';
import { postsRoute } from '@/features/posts/server/handlers';
import { adminSettingsRoute } from '@/features/settings/server/handlers';
import { db } from '@/server/db/client';
import { boards, posts, rateLimits } from '@/server/db/schema';
import { createRoleActors, type TestActor } from '@/test/actors';
import { insertBoard, insertPost } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute, type CallOptions, type CallResult, type RouteHandler } from '@/test/http';
import { UNSTORABLE_TEXT_MESSAGE } from './storable-text';

useTestDatabase();

let member: TestActor, admin: TestActor;
let postNumber: number;

beforeAll(async () => {
  ({ member, admin } = await createRoleActors());
  const board = await insertBoard({ slug: 'ideas' });
  postNumber = (await insertPost(board.id)).number;
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

const write = (handler: RouteHandler, as: TestActor, method: string, body: unknown, extra: CallOptions = {}) =>
  callRoute(handler, { method, body, origin: 'self', as, ...extra });

/** 422 VALIDATION_FAILED in the catalogue shape, naming exactly `fields` as unstorable. */
function expectRefused(res: CallResult, fields: string[]) {
  expect(res.status).toBe(422);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.json.error).toMatchObject({ code: 'VALIDATION_FAILED', requestId: res.headers.get('x-request-id') });
  expect(res.json.error!.fields).toEqual(Object.fromEntries(fields.map((f) => [f, UNSTORABLE_TEXT_MESSAGE])));
}

describe('a NUL in the query string or a path segment', () => {
  it('GET /api/v1/posts?q=%00 (visitors too)', async () => {
    expectRefused(await callRoute(postsRoute, { query: { q: 'dark\u0000mode' } }), ['query.q']);
    expectRefused(await callRoute(postsRoute, { query: { q: 'a', tag: ['x', '\u0000'] } }), ['query.tag.1']);
  });

  it('GET /api/v1/members?q=%00 and /api/v1/admin/outbox?to=%00', async () => {
    expectRefused(await callRoute(membersRoute, { as: admin, query: { q: '\u0000' } }), ['query.q']);
    expectRefused(await callRoute(outboxRoute, { as: admin, query: { to: 'a\u0000@example.test' } }), ['query.to']);
  });

  it('a query parameter the endpoint does not read, and a NUL in a parameter name', async () => {
    expectRefused(await callRoute(postsRoute, { query: { unused: '\u0000' } }), ['query.unused']);
    expectRefused(await callRoute(postsRoute, { path: '/api/v1/posts?%00=1' }), ['query.\u0000']);
  });

  it('GET /api/v1/boards/%00 (a dynamic path segment)', async () => {
    expectRefused(await callRoute(boardRoute, { params: { board: 'ide\u0000as' } }), ['query.board']);
  });
});

describe('a NUL or an unpaired surrogate in a JSON body', () => {
  it('POST /api/v1/posts: a top-level field, and nothing is written', async () => {
    const before = (await db().select().from(posts)).length;
    expectRefused(await write(postsRoute, member, 'POST', { board: 'ideas', title: 'Dark mode', body: 'It hurts\u0000' }), ['body']);
    expectRefused(await write(postsRoute, member, 'POST', { board: 'ideas', title: 'Dark\u0000 mode', body: 'x\ud800' }), [
      'body',
      'title',
    ]);
    expect((await db().select().from(posts)).length).toBe(before);
  });

  it('a field the schema would strip, nested, and a NUL in a key', async () => {
    expectRefused(
      await write(postsRoute, member, 'POST', { board: 'ideas', title: 'Dark mode', extra: { notes: ['fine', 'not\u0000fine'] } }),
      ['extra.notes.1'],
    );
    expectRefused(await write(postsRoute, member, 'POST', { board: 'ideas', title: 'Dark mode', ['ti\u0000tle']: 'x' }), ['ti\u0000tle']);
  });

  it('PATCH /api/v1/admin/settings: an array item, and the setting is unchanged', async () => {
    expectRefused(
      await write(adminSettingsRoute, admin, 'PATCH', { name: 'Acme\u0000', allowedDomains: ['example.com', 'exa\u0000mple.org'] }),
      ['allowedDomains.1', 'name'],
    );
  });

  it('PATCH /api/v1/boards/[board]: a lone surrogate (which jsonb refuses in the audit log) and a NUL in the path', async () => {
    expectRefused(await write(boardRoute, admin, 'PATCH', { name: 'Ideas \ud83d' }, { params: { board: 'ideas' } }), ['name']);
    expectRefused(await write(boardRoute, admin, 'PATCH', { description: '\ude80' }, { params: { board: 'ideas\u0000' } }), [
      'query.board',
      'description',
    ]);
    const [board] = await db().select().from(boards).where(eq(boards.slug, 'ideas'));
    expect(board!.name).toBe('Board ideas');
  });

  it('POST /api/v1/boards: a description', async () => {
    expectRefused(await write(boardsRoute, admin, 'POST', { name: 'Bugs', slug: 'bugs', description: 'Broken\u0000' }), ['description']);
  });

  it('a whole body that is one string', async () => {
    expectRefused(await write(postsRoute, member, 'POST', '\u0000'), ['_']);
  });

  it('keeps text with surrogate pairs and other control characters', async () => {
    const res = await write(postsRoute, member, 'POST', { board: 'ideas', title: 'Ship it \ud83d\ude80', body: 'tab\there\u0001' });
    expect(res.status).toBe(201);
    expect(res.json.title).toBe('Ship it \ud83d\ude80');
  });
});

/** Every string of a JSON value, with the field name the pipeline gives it, and whether it is a key. */
type Slot = { path: string[]; key: boolean };
function stringSlots(value: unknown, path: string[] = []): Slot[] {
  if (typeof value === 'string') return [{ path, key: false }];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringSlots(v, [...path, String(i)]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [{ path: [...path, k], key: true }, ...stringSlots(v, [...path, k])]);
  }
  return [];
}

/** A copy of `value` with `insert` placed at `at` (modulo its length + 1) in the slot's string. */
function withInserted(value: unknown, slot: Slot, at: number, insert: string): { value: unknown; field: string } {
  const copy = structuredClone(value) as Record<string, unknown>;
  const splice = (s: string) => s.slice(0, at % (s.length + 1)) + insert + s.slice(at % (s.length + 1));
  const parent = slot.path.slice(0, -1).reduce<Record<string, unknown>>((node, k) => node[k] as Record<string, unknown>, copy);
  const last = slot.path[slot.path.length - 1];
  if (last === undefined) return { value: splice(value as string), field: '_' };
  if (!slot.key) {
    parent[last] = splice(parent[last] as string);
    return { value: copy, field: slot.path.join('.') };
  }
  const renamed = splice(last);
  // Rebuild the object so the renamed key keeps its place.
  const entries = Object.entries(parent).map(([k, v]) => [k === last ? renamed : k, v] as const);
  for (const k of Object.keys(parent)) delete parent[k];
  Object.assign(parent, Object.fromEntries(entries));
  return { value: copy, field: [...slot.path.slice(0, -1), renamed].join('.') };
}

const words = fc
  .string({ unit: fc.constantFrom(...'abcdefghij klmnop'.split('')), minLength: 4, maxLength: 40 })
  .filter((s) => s.trim().length >= 4);
const text = fc.string({ unit: 'grapheme', maxLength: 200 }).filter((s) => !s.includes('\u0000'));

interface Target {
  name: string;
  call: (body: unknown) => Promise<CallResult>;
  body: fc.Arbitrary<Record<string, unknown>>;
}

/** Valid bodies for several endpoints: without the inserted character each would be accepted. */
const targets: Target[] = [
  {
    name: 'POST /api/v1/posts',
    call: (body: unknown) => write(postsRoute, member, 'POST', body),
    body: fc.record({ board: fc.constant('ideas'), title: words, body: text }),
  },
  {
    name: 'POST /api/v1/posts/[n]/comments',
    call: (body: unknown) => write(postCommentsRoute, member, 'POST', body, { params: { number: String(postNumber) } }),
    body: fc.record({ body: words }),
  },
  {
    name: 'PATCH /api/v1/admin/settings',
    call: (body: unknown) => write(adminSettingsRoute, admin, 'PATCH', body),
    body: fc.record({ name: words, allowedDomains: fc.array(fc.domain(), { maxLength: 4 }) }),
  },
  {
    name: 'PATCH /api/v1/boards/[board]',
    call: (body: unknown) => write(boardRoute, admin, 'PATCH', body, { params: { board: 'ideas' } }),
    body: fc.record({ name: words, description: text }),
  },
];

describe('property: a NUL or an unpaired surrogate anywhere in any string of a valid body is 422, never 500', () => {
  for (const target of targets) {
    it(target.name, async () => {
      // The generated bodies are valid: one of them, unchanged, is accepted.
      const sample = fc.sample(target.body, { numRuns: 1, seed: 42 })[0];
      expect((await target.call(sample)).status).toBeLessThan(300);

      await fc.assert(
        fc.asyncProperty(target.body, fc.nat(), fc.nat(), fc.constantFrom('\u0000', '\ud800', '\udfff'), async (body, pick, at, insert) => {
          const slots = stringSlots(body);
          const { value, field } = withInserted(body, slots[pick % slots.length]!, at, insert);
          await db().delete(rateLimits);
          const res = await target.call(value);
          expect(res.status).toBe(422);
          expect(res.json.error?.fields?.[field]).toBe(UNSTORABLE_TEXT_MESSAGE);
        }),
        { numRuns: 25 },
      );
    });
  }
});

import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { boardMembers, boards, posts, postTags, statuses, tags, votes } from '@/server/db/schema';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { insertBoard, insertPost } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import type { PostPage, PostSummary } from '../schema';
import { decodeCursor, encodeCursor, LIST_ORDERS, type CursorKey } from './list-cursor';
import { postsRoute } from './handlers';
import { splitMarked } from './list-service';

useTestDatabase();

let counter = 0;
const slug = (p: string) => `${p}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

const makeBoard = (values: Partial<typeof boards.$inferInsert> = {}) => insertBoard({ slug: slug('b'), ...values });
const makePost = (boardId: string, authorId: string | null, values: Partial<typeof posts.$inferInsert> = {}) =>
  insertPost(boardId, { authorId, title: 'Untitled post', ...values });

type Page = PostPage & { error?: { code: string; fields?: Record<string, string> } };
const listAs = (as: TestActor | undefined, query: Record<string, string>) => callRoute<Page>(postsRoute, { query, as });

/** Every page of a list, following nextCursor, as post numbers. */
async function allPages(as: TestActor | undefined, query: Record<string, string>, limit = 2): Promise<PostSummary[]> {
  const seen: PostSummary[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const res = await listAs(as, { ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(res.status, res.text).toBe(200);
    expect(res.json.items.length).toBeLessThanOrEqual(limit);
    seen.push(...res.json.items);
    cursor = res.json.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('too many pages');
}

/**
 * Every page forward, then back again through `prevCursor` (as `before=`) from the last page:
 * each page back must be exactly the page before it, and the first has no `prevCursor`.
 */
async function pagesBothWays(as: TestActor | undefined, query: Record<string, string>, limit: number): Promise<number[][]> {
  const forward: PostPage[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const res = await listAs(as, { ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(res.status, res.text).toBe(200);
    forward.push(res.json);
    expect(res.json.prevCursor === null, `page ${i} has a previous page`).toBe(i === 0);
    cursor = res.json.nextCursor;
    if (!cursor) break;
  }
  const numbers = (page: PostPage) => page.items.map((p) => p.number);
  let before = forward[forward.length - 1]!.prevCursor;
  for (let i = forward.length - 2; i >= 0; i--) {
    const res = await listAs(as, { ...query, limit: String(limit), before: before! });
    expect(res.status, res.text).toBe(200);
    expect(numbers(res.json), `back to page ${i}`).toEqual(numbers(forward[i]!));
    // A page reached backwards leads forward to the page it came from.
    expect(res.json.nextCursor).toBe(forward[i]!.nextCursor);
    expect(res.json.prevCursor === null).toBe(i === 0);
    before = res.json.prevCursor;
  }
  return forward.map(numbers);
}

let people: { member: TestActor; moderator: TestActor; admin: TestActor };
beforeAll(async () => {
  people = await createRoleActors();
});

describe('sort orders and cursor pages', () => {
  it('orders by each sort, ties broken by id, and pages never repeat or skip', async () => {
    const board = await makeBoard();
    const base = Date.parse('2026-01-01T00:00:00Z');
    const specs = [
      { score: 3, votes: 5, created: 0, activity: 9 },
      { score: 3, votes: 5, created: 0, activity: 9 },
      { score: 1.25, votes: 9, created: 1, activity: 2 },
      { score: 7.5, votes: 0, created: 2, activity: 2 },
      { score: 0, votes: 1, created: 3, activity: 5 },
      { score: 0.1 + 0.2, votes: 5, created: 3, activity: 1 },
      { score: 3, votes: 2, created: 0, activity: 9 },
    ];
    const made = [];
    for (const s of specs) {
      made.push(
        await makePost(board.id, people.member.id, {
          trendingScore: s.score,
          voteCount: s.votes,
          createdAt: new Date(base + s.created * 1000),
          activityAt: new Date(base + s.activity * 1000),
        }),
      );
    }
    // Microseconds apart within one millisecond: the cursor must keep them apart.
    await db().execute(sql`update ${posts} set created_at = created_at + interval '7 microseconds' where ${posts.id} = ${made[1]!.id}`);
    const rows = await db().select().from(posts).where(eq(posts.boardId, board.id));
    const micros = new Map(
      (
        (await db().execute(
          sql`select id, extract(epoch from created_at) * 1000000 as c, extract(epoch from activity_at) * 1000000
            as a from ${posts} where board_id = ${board.id}`,
        )) as unknown as { rows: { id: string; c: string; a: string }[] }
      ).rows.map((r) => [r.id, { c: Number(r.c), a: Number(r.a) }]),
    );
    const byKey = (key: (r: (typeof rows)[number]) => number) =>
      [...rows].sort((a, b) => key(b) - key(a) || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0)).map((r) => r.number);
    const expected = {
      trending: byKey((r) => r.trendingScore),
      top: byKey((r) => r.voteCount),
      new: byKey((r) => micros.get(r.id)!.c),
      updated: byKey((r) => micros.get(r.id)!.a),
    };
    for (const [sort, order] of Object.entries(expected)) {
      for (const limit of [1, 2, 3, 7, 20]) {
        const got = (await allPages(undefined, { board: board.slug, sort }, limit)).map((p) => p.number);
        expect(got, `${sort} by ${limit}`).toEqual(order);
        // Previous pages, ties included (equal scores, votes and times, broken by id).
        expect((await pagesBothWays(undefined, { board: board.slug, sort }, limit)).flat(), `${sort} by ${limit}, both ways`).toEqual(
          order,
        );
      }
    }
  });

  it('lists pinned posts first on a board\u2019s trending view only, across page boundaries', async () => {
    const board = await makeBoard();
    const low = await makePost(board.id, people.member.id, { trendingScore: 0.5, pinned: true });
    const mid = await makePost(board.id, people.member.id, { trendingScore: 1, pinned: true });
    const high = await makePost(board.id, people.member.id, { trendingScore: 9 });
    const other = await makePost(board.id, people.member.id, { trendingScore: 2 });
    const numbers = (ps: PostSummary[]) => ps.map((p) => p.number);
    for (const limit of [1, 2, 3, 10]) {
      expect(numbers(await allPages(undefined, { board: board.slug }, limit))).toEqual([mid.number, low.number, high.number, other.number]);
    }
    expect(numbers(await allPages(undefined, { board: board.slug, sort: 'top' }, 10)).length).toBe(4);
    // Back across the boundary between the pinned run and the rest.
    for (const limit of [1, 2, 3]) {
      expect((await pagesBothWays(undefined, { board: board.slug }, limit)).flat()).toEqual([
        mid.number,
        low.number,
        high.number,
        other.number,
      ]);
    }
    // Across every board, trending is trending.
    const everywhere = numbers(await allPages(undefined, {}, 100)).filter((n) => [low, mid, high, other].some((p) => p.number === n));
    expect(everywhere).toEqual([high.number, other.number, mid.number, low.number]);
  });

  it('refuses a cursor that is not one, or belongs to another sort, with 422 on query.cursor', async () => {
    const board = await makeBoard();
    await makePost(board.id, people.member.id);
    await makePost(board.id, people.member.id);
    const first = await listAs(undefined, { board: board.slug, sort: 'new', limit: '1' });
    const cursor = first.json.nextCursor!;
    expect(cursor).toBeTruthy();
    for (const query of [
      { sort: 'top', cursor },
      { sort: 'new', cursor: 'not-a-cursor' },
      { sort: 'new', cursor: 'e30' },
    ]) {
      const res = await listAs(undefined, { board: board.slug, ...query });
      expect(res.status).toBe(422);
      expect(res.json.error?.fields?.['query.cursor']).toBeTruthy();
    }
    // The page before a cursor is checked the same way, and it is one or the other.
    const refused: Record<string, string>[] = [
      { sort: 'top', before: cursor },
      { sort: 'new', before: 'e30' },
      { sort: 'new', cursor, before: cursor },
    ];
    for (const query of refused) {
      const res = await listAs(undefined, { board: board.slug, ...query });
      expect(res.status).toBe(422);
      expect(res.json.error?.fields?.['query.before']).toBeTruthy();
    }
    expect((await listAs(undefined, { limit: '101' })).status).toBe(422);
    expect((await listAs(undefined, { sort: 'hot' })).status).toBe(422);
  });
});

describe('what lists leave out', () => {
  it('excludes deleted, merged, rejected and other people\u2019s pending posts; the author sees their own pending post', async () => {
    const board = await makeBoard();
    const author = await createTestActor('member');
    const shown = await makePost(board.id, author.id, { title: 'Shown post' });
    await makePost(board.id, author.id, { deletedAt: new Date() });
    await makePost(board.id, author.id, { mergedIntoId: shown.id });
    await makePost(board.id, author.id, { approval: 'rejected' });
    const pending = await makePost(board.id, author.id, { approval: 'pending' });
    const numbers = async (as?: TestActor) => (await allPages(as, { board: board.slug }, 20)).map((p) => p.number).sort();
    expect(await numbers()).toEqual([shown.number]);
    expect(await numbers(people.member)).toEqual([shown.number]);
    expect(await numbers(people.admin)).toEqual([shown.number]);
    expect(await numbers(author)).toEqual([shown.number, pending.number].sort());
    const mine = (await allPages(author, { board: board.slug }, 20)).find((p) => p.number === pending.number);
    expect(mine?.approval).toBe('pending');
  });

  it('hides private boards: 404 for a board not granted, their posts absent from the all-boards list; granted members and the team see them', async () => {
    const secret = await makeBoard({ visibility: 'private' });
    const granted = await createTestActor('member');
    await db().insert(boardMembers).values({ boardId: secret.id, userId: granted.id });
    const post = await makePost(secret.id, granted.id, { title: 'Secret roadmap idea', trendingScore: 1000 });
    for (const who of [undefined, people.member]) {
      const res = await listAs(who, { board: secret.slug });
      expect(res.status).toBe(404);
      expect(res.json.error?.code).toBe('NOT_FOUND');
      expect((await listAs(who, { limit: '100' })).json.items.map((p) => p.number)).not.toContain(post.number);
    }
    for (const who of [granted, people.moderator, people.admin]) {
      expect((await listAs(who, { board: secret.slug })).json.items.map((p) => p.number)).toEqual([post.number]);
      expect((await listAs(who, { limit: '100' })).json.items.map((p) => p.number)).toContain(post.number);
    }
  });

  it('still lists an archived board\u2019s posts', async () => {
    const board = await makeBoard({ archivedAt: new Date() });
    const post = await makePost(board.id, people.member.id);
    const res = await listAs(undefined, { board: board.slug });
    expect(res.status).toBe(200);
    expect(res.json.items.map((p) => p.number)).toEqual([post.number]);
  });
});

describe('done and closed posts', () => {
  it('are left out with closed=hide (open work: no status, open, planned, in progress) unless a status is chosen; shown by default', async () => {
    const board = await makeBoard();
    const slugs = ['open', 'planned', 'in-progress', 'complete', 'closed'];
    const bySlug = new Map<string, number>();
    for (const [i, slug] of slugs.entries()) {
      const [status] = await db().select().from(statuses).where(eq(statuses.slug, slug));
      expect(status, slug).toBeTruthy();
      bySlug.set(
        slug,
        (await makePost(board.id, people.member.id, { statusId: status!.id, trendingScore: 10 - i, voteCount: 10 - i })).number,
      );
    }
    const none = (await makePost(board.id, people.member.id, { trendingScore: 0.5, voteCount: 0 })).number;
    const numbers = async (q: Record<string, string>, as?: TestActor) =>
      (await allPages(as, { board: board.slug, ...q }, 2)).map((p) => p.number);
    const open = ['open', 'planned', 'in-progress'].map((s) => bySlug.get(s)!);
    for (const sort of ['trending', 'top']) {
      expect(await numbers({ sort, closed: 'hide' }), sort).toEqual([...open, none]);
      // The API's default is unchanged: everything.
      expect(await numbers({ sort }), sort).toEqual([...slugs.map((s) => bySlug.get(s)!), none]);
    }
    // Across every board too, and for a signed-in person.
    const everywhere = (await allPages(people.member, { closed: 'hide' }, 100)).map((p) => p.number);
    expect(everywhere).toEqual(expect.arrayContaining([...open, none]));
    expect(everywhere).not.toContain(bySlug.get('complete'));
    expect(everywhere).not.toContain(bySlug.get('closed'));
    // Choosing a status shows it, whatever closed says.
    expect(await numbers({ closed: 'hide', status: 'complete' })).toEqual([bySlug.get('complete')]);
    expect((await listAs(undefined, { closed: 'maybe' })).status).toBe(422);
  });
});

describe('filters, search and the summary', () => {
  it('filters by status slug and by tag name without regard to case', async () => {
    const board = await makeBoard();
    const [planned] = await db().select().from(statuses).where(eq(statuses.slug, 'planned'));
    const [tag] = await db()
      .insert(tags)
      .values({ name: `Mobile ${counter++}` })
      .returning();
    const a = await makePost(board.id, people.member.id, { statusId: planned!.id });
    const b = await makePost(board.id, people.member.id);
    await db()
      .insert(postTags)
      .values([
        { postId: b.id, tagId: tag!.id },
        { postId: a.id, tagId: tag!.id },
      ]);
    const c = await makePost(board.id, people.member.id, { statusId: planned!.id });
    const numbers = async (q: Record<string, string>) =>
      (await allPages(undefined, { board: board.slug, ...q }, 20)).map((p) => p.number).sort();
    expect(await numbers({ status: 'planned' })).toEqual([a.number, c.number].sort());
    expect(await numbers({ tag: tag!.name.toUpperCase() })).toEqual([a.number, b.number].sort());
    expect(await numbers({ tag: tag!.name, status: 'planned' })).toEqual([a.number]);
    expect(await numbers({ status: 'no-such-status' })).toEqual([]);
    const summary = (await allPages(undefined, { board: board.slug, status: 'planned', tag: tag!.name }, 20))[0]!;
    expect(summary.status).toMatchObject({ slug: 'planned', name: 'Planned', category: 'planned' });
    expect(summary.tags).toEqual([{ id: tag!.id, name: tag!.name, color: tag!.color }]);
  });

  it('finds posts by title and by body, ranked by relevance unless a sort is chosen, with highlight runs', async () => {
    const board = await makeBoard();
    const inTitle = await makePost(board.id, people.member.id, {
      title: 'Zanzibar export for invoices',
      body: 'Please add it.',
      voteCount: 1,
    });
    const inBody = await makePost(board.id, people.member.id, {
      title: 'Accounting integration',
      body: 'We would love a **quick** export to Zanzibar, the accounting tool, so that our finance team stops copying numbers by hand every single month.',
      voteCount: 9,
    });
    await makePost(board.id, people.member.id, { title: 'Unrelated dark mode', body: 'Nothing to see here.' });
    const res = await listAs(undefined, { board: board.slug, q: 'zanzibar' });
    expect(res.status).toBe(200);
    const items = res.json.items;
    // The title match weighs more (weight A) than the body match (weight B).
    expect(items.map((p) => p.number)).toEqual([inTitle.number, inBody.number]);
    const titleHit = items[0]!.highlight!;
    expect(titleHit.title).toEqual([
      { text: 'Zanzibar', match: true },
      { text: ' export for invoices', match: false },
    ]);
    const bodyHit = items[1]!.highlight!;
    expect(bodyHit.title).toEqual([{ text: 'Accounting integration', match: false }]);
    expect(bodyHit.excerpt.filter((r) => r.match).map((r) => r.text)).toEqual(['Zanzibar']);
    expect(bodyHit.excerpt.map((r) => r.text).join('')).not.toMatch(/[*\uE000\uE001]/);
    // An explicit sort wins over relevance.
    expect((await listAs(undefined, { board: board.slug, q: 'zanzibar', sort: 'top' })).json.items.map((p) => p.number)).toEqual([
      inBody.number,
      inTitle.number,
    ]);
    // Paging through search results by relevance.
    expect((await allPages(undefined, { board: board.slug, q: 'zanzibar' }, 1)).map((p) => p.number)).toEqual([
      inTitle.number,
      inBody.number,
    ]);
    // Without a search there are no highlights.
    expect((await listAs(undefined, { board: board.slug })).json.items.every((p) => p.highlight === undefined)).toBe(true);
    // Stemming: "exports" finds "export".
    expect((await listAs(undefined, { board: board.slug, q: 'exports' })).json.items.length).toBe(2);
  });

  it('keeps paragraphs and list items apart in excerpts and search snippets', async () => {
    const board = await makeBoard();
    await makePost(board.id, people.member.id, {
      title: 'Crash on save',
      body: '## Steps to reproduce\n\n1. Open the app and sign in\n2. Go to settings\n3. Press save\n\nIt crashes every time.',
    });
    const [post] = (await listAs(undefined, { board: board.slug })).json.items;
    expect(post!.excerpt).toBe('Steps to reproduce — Open the app and sign in · Go to settings · Press save — It crashes every time.');
    const [hit] = (await listAs(undefined, { board: board.slug, q: 'settings' })).json.items;
    const snippet = hit!.highlight!.excerpt.map((r) => r.text).join('');
    expect(snippet).toContain('sign in · Go to settings · Press save');
  });

  it('shows mentions as @Name in excerpts and search snippets, never the token or its id', async () => {
    const board = await makeBoard();
    const id = people.moderator.id;
    await makePost(board.id, people.member.id, {
      title: 'Quarterly report layout',
      body: `Asked @[Grace Hopper](user:${id}) about the quarterly figures; she suggested wider quarterly columns.`,
    });
    const [plain] = (await listAs(undefined, { board: board.slug })).json.items;
    expect(plain!.excerpt).toBe('Asked @Grace Hopper about the quarterly figures; she suggested wider quarterly columns.');
    for (const q of ['quarterly', 'grace']) {
      const [hit] = (await listAs(undefined, { board: board.slug, q })).json.items;
      const snippet = hit!.highlight!.excerpt.map((r) => r.text).join('');
      expect(snippet).toContain('@Grace Hopper');
      expect(snippet).not.toMatch(/user:|\]\(|@\[/);
      expect(snippet).not.toContain(id);
    }
  });

  it('marks the posts the signed-in person voted for, and gives excerpts, authors and counts', async () => {
    const board = await makeBoard();
    const voter = await createTestActor('member');
    const voted = await makePost(board.id, people.moderator.id, {
      title: 'Voted post',
      body: '# Heading\n\nSome *body* text.',
      voteCount: 1,
      commentCount: 4,
    });
    const notVoted = await makePost(board.id, null, { title: 'Not voted post' });
    await db().insert(votes).values({ postId: voted.id, userId: voter.id });
    const byNumber = async (as?: TestActor) => new Map((await allPages(as, { board: board.slug }, 20)).map((p) => [p.number, p]));
    const mine = await byNumber(voter);
    expect(mine.get(voted.number)).toMatchObject({
      voted: true,
      voteCount: 1,
      commentCount: 4,
      // The heading and the paragraph stay apart.
      excerpt: 'Heading — Some body text.',
      slug: 'voted-post',
      board: { slug: board.slug, name: board.name },
      author: { id: people.moderator.id, displayName: people.moderator.displayName, isTeam: true },
    });
    expect(mine.get(notVoted.number)).toMatchObject({ voted: false, author: { id: null, displayName: 'Deleted user', isTeam: false } });
    expect((await byNumber()).get(voted.number)?.voted).toBe(false);
    expect((await byNumber(people.member)).get(voted.number)?.voted).toBe(false);
  });
});

describe('the page cursor (property)', () => {
  it('decodes to exactly what was encoded, and refuses what it did not encode', () => {
    const iso = fc
      .tuple(fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), fc.integer({ min: 0, max: 999 }))
      .map(([d, us]) => d.toISOString().replace('Z', `${String(us).padStart(3, '0')}Z`));
    const key: fc.Arbitrary<CursorKey> = fc.oneof(
      fc.record({
        order: fc.constantFrom('trending' as const, 'relevance' as const),
        value: fc.double({ noNaN: true, noDefaultInfinity: true }),
        id: fc.uuid(),
      }),
      fc.record({
        order: fc.constant('trending' as const),
        value: fc.double({ noNaN: true, noDefaultInfinity: true }),
        id: fc.uuid(),
        pinned: fc.boolean(),
      }),
      fc.record({ order: fc.constant('top' as const), value: fc.integer({ min: 0, max: 2 ** 31 - 1 }), id: fc.uuid() }),
      fc.record({ order: fc.constantFrom('new' as const, 'updated' as const), value: iso, id: fc.uuid() }),
    );
    fc.assert(
      fc.property(key, (k) => {
        const cursor = encodeCursor(k);
        expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
        // -0 becomes 0 in JSON; both sort the same.
        expect(decodeCursor(cursor)).toEqual({ ...k, value: Object.is(k.value, -0) ? 0 : k.value });
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const decoded = decodeCursor(s);
        if (decoded) expect(LIST_ORDERS).toContain(decoded.order);
      }),
    );
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const bad of [
      b64(['top', 1.5, crypto.randomUUID()]),
      b64(['new', '2026-01-01', crypto.randomUUID()]),
      b64(['hot', 1, crypto.randomUUID()]),
      b64(['top', 1, 'x']),
      b64(['top', 1, crypto.randomUUID(), 2]),
    ]) {
      expect(decodeCursor(bad)).toBeNull();
    }
  });

  it('splits marked text into runs', () => {
    expect(splitMarked('a \uE000b\uE001 c \uE000d\uE001')).toEqual([
      { text: 'a ', match: false },
      { text: 'b', match: true },
      { text: ' c ', match: false },
      { text: 'd', match: true },
    ]);
    expect(splitMarked('')).toEqual([]);
    expect(splitMarked('\uE000open')).toEqual([{ text: 'open', match: true }]);
  });
});

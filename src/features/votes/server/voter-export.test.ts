/**
 * GET /api/v1/posts/[number]/votes.csv over HTTP: who may download it, what the file holds
 * (every voter, across batches; who cast a vote on someone's behalf; deleted accounts; inert
 * formulas), and how it is served.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseCsv } from '@/composition/data/csv';
import { DELETED_PERSON_NAME } from '@/core/identity/person';
import { db } from '@/server/db/client';
import { auditEvents, companies, posts, rateLimits, users, votes } from '@/server/db/schema';
import type { UserActor } from '@/server/identity/actor';
import { createRoleActors, createTestActor, type TestActor } from '@/test/actors';
import { insertBoard, insertPost } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { votersCsvRoute } from './handlers';
import { createPlainUsers } from './test-fixtures';
import { exportVotersCsv, VOTER_CSV_COLUMNS } from './voter-export';

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

const download = (as: TestActor | undefined, number: number | string, method = 'GET') =>
  callRoute(votersCsvRoute, { method, params: { number: String(number) }, as });

/** The records of a CSV answer, the byte-order mark checked and skipped. */
function records(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return parseCsv(text).map((r) => r.fields);
}

/** Votes for `userIds` on the post, one second apart, the first the oldest; sets the counter. */
async function addVotes(postId: string, userIds: string[], extra: Partial<typeof votes.$inferInsert> = {}, start = Date.now() - 3_600_000) {
  await db()
    .insert(votes)
    .values(userIds.map((userId, i) => ({ postId, userId, createdAt: new Date(start + i * 1000), ...extra })));
  const [row] = await db().select({ n: posts.voteCount }).from(posts).where(eq(posts.id, postId));
  await db()
    .update(posts)
    .set({ voteCount: row!.n + userIds.length })
    .where(eq(posts.id, postId));
}

const asUserActor = (a: TestActor): UserActor => ({
  kind: 'user',
  id: a.id,
  role: a.role,
  displayName: a.displayName,
  email: a.email,
  emailVerified: true,
  avatarUrl: null,
  sessionHash: 'x',
});

async function readAll(chunks: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const c of chunks) out.push(c);
  return out;
}

describe('GET /api/v1/posts/[number]/votes.csv', () => {
  it('is for the team: visitors 401, members 403, moderators and admins 200', async () => {
    const post = await insertPost(boardId);
    expect((await download(undefined, post.number)).status).toBe(401);
    const member = await download(actors.member, post.number);
    expect(member.status).toBe(403);
    expect(member.json.error?.code).toBe('FORBIDDEN');
    expect((await download(actors.moderator, post.number)).status).toBe(200);
    expect((await download(actors.admin, post.number)).status).toBe(200);
  });

  it('answers 404 for a post that does not exist or is deleted, and 422 for a number that is not one', async () => {
    const deleted = await insertPost(boardId, { deletedAt: new Date() });
    const gone = await download(actors.admin, deleted.number);
    expect(gone.status).toBe(404);
    expect(gone.json.error?.code).toBe('NOT_FOUND');
    expect((await download(actors.moderator, 987_654_321)).status).toBe(404);
    expect((await download(actors.moderator, 'abc')).status).toBe(422);
    // Members are refused by role before any post is looked up: nothing tells them whether it exists.
    expect((await download(actors.member, deleted.number)).status).toBe(403);
  });

  it('lets the team download the voters of a post on a private board', async () => {
    const secret = await insertPost((await insertBoard({ visibility: 'private' })).id);
    const [voter] = await createPlainUsers(1, 'private');
    await addVotes(secret.id, [voter!]);
    const res = await download(actors.moderator, secret.number);
    expect(res.status).toBe(200);
    expect(records(res.text)).toHaveLength(2);
  });

  it('serves a CSV attachment: type, file name, nosniff, never cached; HEAD sends the headers only', async () => {
    const post = await insertPost(boardId);
    const res = await download(actors.moderator, post.number);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="post-${post.number}-voters.csv"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // No voters: the header line alone, after the byte-order mark.
    expect(res.text).toBe(`\uFEFF${VOTER_CSV_COLUMNS.join(',')}\r\n`);

    const head = await download(actors.moderator, post.number, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-disposition')).toBe(`attachment; filename="post-${post.number}-voters.csv"`);
    expect(head.text).toBe('');
    expect((await download(actors.moderator, post.number, 'POST')).status).toBe(405);
  });

  it('lists every voter, newest first, beyond any page size: 120 voters, with their addresses and times', async () => {
    const post = await insertPost(boardId);
    const ids = await createPlainUsers(120, 'many');
    await addVotes(post.id, ids);
    const res = await download(actors.admin, post.number);
    const [header, ...rows] = records(res.text);
    expect(header).toEqual([...VOTER_CSV_COLUMNS]);
    expect(rows).toHaveLength(120);
    // Every line ends in CRLF; there is no bare LF.
    expect(res.text.split('\r\n')).toHaveLength(122);
    expect(res.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);

    const people = await db().select({ id: users.id, email: users.email, displayName: users.displayName }).from(users);
    const byId = new Map(people.map((p) => [p.id, p]));
    const expected = [...ids].reverse().map((id) => byId.get(id)!);
    expect(rows.map((r) => r[0])).toEqual(expected.map((p) => p.displayName));
    expect(rows.map((r) => r[1])).toEqual(expected.map((p) => p.email));
    const times = rows.map((r) => r[2]!);
    for (const t of times) expect(t).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect([...times].sort().reverse()).toEqual(times);
    expect(rows.every((r) => r[3] === '')).toBe(true);
  });

  it('reads in batches without losing or repeating anyone, also when many votes share one instant', async () => {
    const post = await insertPost(boardId);
    const ids = await createPlainUsers(45, 'batch');
    const instant = new Date(Date.now() - 60_000);
    // Three instants, fifteen votes each: batch boundaries fall inside runs of equal times.
    for (let k = 0; k < 3; k++) {
      await db()
        .insert(votes)
        .values(ids.slice(k * 15, k * 15 + 15).map((userId) => ({ postId: post.id, userId, createdAt: new Date(instant.getTime() + k) })));
    }
    const csv = await exportVotersCsv(asUserActor(actors.moderator), post.number, '127.0.0.1', 7);
    const chunks = await readAll(csv.chunks);
    // The header with the first batch, then one chunk per batch of 7 (45 = 6 × 7 + 3).
    expect(chunks).toHaveLength(7);
    const [, ...rows] = records(chunks.join(''));
    expect(rows).toHaveLength(45);
    expect(new Set(rows.map((r) => r[1])).size).toBe(45);
    const emails = await db().select({ id: users.id, email: users.email }).from(users);
    const emailOf = new Map(emails.map((e) => [e.id, e.email]));
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(ids.map((id) => emailOf.get(id))));
  });

  it('says who cast a vote on someone’s behalf, and shows deleted accounts as everywhere else', async () => {
    const post = await insertPost(boardId);
    const [plain, helped, gone] = await createPlainUsers(3, 'cast');
    const formerModerator = await createTestActor('moderator', { displayName: 'Former moderator' });
    await addVotes(post.id, [plain!]);
    await addVotes(post.id, [helped!], { castById: actors.moderator.id }, Date.now() - 1_000_000);
    await addVotes(post.id, [gone!], { castById: formerModerator.id }, Date.now() - 500_000);
    await db()
      .update(users)
      .set({ deletedAt: new Date(), displayName: DELETED_PERSON_NAME, email: `deleted-${gone}@deleted.invalid` })
      .where(eq(users.id, gone!));
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, formerModerator.id));

    const [, ...rows] = records((await download(actors.moderator, post.number)).text);
    const [goneRow, helpedRow, plainRow] = rows;
    expect(goneRow).toEqual([DELETED_PERSON_NAME, '', expect.any(String), DELETED_PERSON_NAME, '', '']);
    expect(helpedRow![0]).toBe('cast 1');
    expect(helpedRow![1]).toMatch(/^cast-.*-1@example\.test$/);
    expect(helpedRow![3]).toBe(actors.moderator.displayName);
    expect(plainRow![3]).toBe('');
  });

  it('keeps names a spreadsheet would run inert, and quotes commas, quotes and line breaks', async () => {
    const post = await insertPost(boardId);
    const [a, b, c, d] = await createPlainUsers(4, 'formula');
    const names: [string, string][] = [
      [a!, '=HYPERLINK("https://evil.example","Click")'],
      [b!, '+1-2'],
      [c!, '@SUM(A1:A9)'],
      [d!, 'Zoë "Z", the tester'],
    ];
    for (const [id, displayName] of names) await db().update(users).set({ displayName }).where(eq(users.id, id));
    const caster = await createTestActor('moderator', { displayName: '-cmd|calc' });
    await addVotes(post.id, [a!, b!, c!, d!], { castById: caster.id });

    const res = await download(actors.admin, post.number);
    const [, ...rows] = records(res.text);
    expect(rows.map((r) => r[0])).toEqual([`Zoë "Z", the tester`, "'@SUM(A1:A9)", "'+1-2", `'=HYPERLINK("https://evil.example","Click")`]);
    expect(rows.every((r) => r[3] === "'-cmd|calc")).toBe(true);
    expect(res.text).toContain(`"'=HYPERLINK(""https://evil.example"",""Click"")"`);
    // No cell starts with a formula character.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('starts no formula in a spreadsheet that splits on `;` or tabs: separators quoted, a formula sign after one made inert', async () => {
    const post = await insertPost(boardId);
    const [a, b] = await createPlainUsers(2, 'locale');
    const [company] = await db()
      .insert(companies)
      .values({ externalId: `acme-${post.number}`, name: 'Acme;=1+1;', monthlyRevenueCents: 100 })
      .returning();
    await db().update(users).set({ displayName: 'Dana;=1+1;', companyId: company!.id }).where(eq(users.id, a!));
    await db().update(users).set({ displayName: 'Tab\t@SUM(A1)' }).where(eq(users.id, b!));
    await addVotes(post.id, [a!, b!]);

    const res = await download(actors.admin, post.number);
    const [, ...rows] = records(res.text);
    expect(rows.map((r) => [r[0], r[4]])).toEqual([
      ["Tab\t'@SUM(A1)", ''],
      ["Dana;'=1+1;", "Acme;'=1+1;"],
    ]);
    expect(res.text).toContain(`"Dana;'=1+1;"`);
    for (const separator of [';', '\t']) {
      for (const line of res.text.slice(1).split('\r\n')) {
        for (const cell of line.split(separator)) expect(cell.replace(/^[\s"]+/, '')).not.toMatch(/^[=+\-@]/);
      }
    }
  });

  it('records each download in the audit log', async () => {
    const post = await insertPost(boardId);
    await addVotes(post.id, await createPlainUsers(2, 'audited'));
    await download(actors.moderator, post.number);
    const events = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'post.voters_exported'), eq(auditEvents.targetId, String(post.number))));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: actors.moderator.id, targetType: 'post', after: { voters: 2 } });
    // A refused request, and a HEAD request (no file), record nothing.
    await download(actors.member, post.number);
    await download(actors.moderator, post.number, 'HEAD');
    const after = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, String(post.number)));
    expect(after).toHaveLength(1);
  });

  it('limits downloads to 60 an hour per person (429 with Retry-After)', async () => {
    const post = await insertPost(boardId);
    const moderator = await createTestActor('moderator');
    for (let i = 0; i < 60; i++) expect((await download(moderator, post.number, 'HEAD')).status).toBe(200);
    const limited = await download(moderator, post.number);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Per person: another moderator is not affected.
    expect((await download(actors.moderator, post.number)).status).toBe(200);
  });
});

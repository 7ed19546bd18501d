/** A post's status over HTTP: the team only, history written, no-op on the same status without a note, votes untouched. */
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/server/db/client';
import { posts, rateLimits, statusChanges, votes } from '@/server/db/schema';
import { createRoleActors, type TestActor } from '@/test/actors';
import { testServerUrl, useTestDatabase } from '@/test/db';
import { callRoute, type JsonBody } from '@/test/http';
import type { PostStatusResult } from '@/features/statuses/schema';
import { postStatusRoute } from './triage-handlers';
import { insertBoard, insertPost, statusBySlug } from '@/test/content';

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

const setStatus = (as: TestActor | undefined, number: number | string, body: unknown) =>
  callRoute<PostStatusResult & JsonBody>(postStatusRoute, { method: 'POST', params: { number: String(number) }, body, as });

describe('POST /api/v1/posts/[number]/status', () => {
  it.each([
    ['visitor', 401, 'UNAUTHENTICATED'],
    ['member', 403, 'FORBIDDEN'],
    ['moderator', 200, undefined],
    ['admin', 200, undefined],
  ] as const)('as %s answers %i', async (who, status, code) => {
    const post = await insertPost(boardId);
    const planned = await statusBySlug('planned');
    const res = await setStatus(who === 'visitor' ? undefined : actors[who], post.number, { statusId: planned.id });
    expect(res.status).toBe(status);
    if (code) expect(res.json.error?.code).toBe(code);
  });

  it('writes the history entry, sets the status and the times, and answers both', async () => {
    const post = await insertPost(boardId, { activityAt: new Date('2020-01-01T00:00:00Z') });
    const planned = await statusBySlug('planned');
    const res = await setStatus(actors.moderator, `${post.number}-some-slug`, { statusId: planned.id, note: '  We are on it  ' });
    expect(res.status).toBe(200);
    expect(res.json.status).toMatchObject({ id: planned.id, slug: 'planned', category: 'planned' });
    expect(res.json.change).toMatchObject({ from: null, to: { id: planned.id }, by: { id: actors.moderator.id }, note: 'We are on it' });
    const [row] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(row?.statusId).toBe(planned.id);
    expect(row?.statusChangedAt).toBeInstanceOf(Date);
    expect(row!.activityAt.getTime()).toBeGreaterThan(new Date('2021-01-01').getTime());
    const history = await db().select().from(statusChanges).where(eq(statusChanges.postId, post.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ fromStatusId: null, toStatusId: planned.id, byId: actors.moderator.id, note: 'We are on it' });

    const complete = await statusBySlug('complete');
    const again = await setStatus(actors.admin, post.number, { statusId: complete.id });
    expect(again.json.change).toMatchObject({ from: { id: planned.id }, to: { id: complete.id }, note: '' });
    const last = await db().select().from(statusChanges).where(eq(statusChanges.postId, post.id)).orderBy(desc(statusChanges.id));
    expect(last.map((h) => h.toStatusId)).toEqual([complete.id, planned.id]);
  });

  it('does nothing for the same status without a note, but records a note on the same status', async () => {
    const planned = await statusBySlug('planned');
    const post = await insertPost(boardId, { statusId: planned.id });
    const same = await setStatus(actors.moderator, post.number, { statusId: planned.id, note: '   ' });
    expect(same.status).toBe(200);
    expect(same.json.change).toBeNull();
    expect(await db().select().from(statusChanges).where(eq(statusChanges.postId, post.id))).toHaveLength(0);
    const noted = await setStatus(actors.moderator, post.number, { statusId: planned.id, note: 'Still planned, for May.' });
    expect(noted.json.change).toMatchObject({ from: { id: planned.id }, to: { id: planned.id } });
  });

  it('keeps the votes when the status closes voting', async () => {
    const post = await insertPost(boardId, { voteCount: 1 });
    await db().insert(votes).values({ postId: post.id, userId: actors.member.id });
    const closed = await statusBySlug('closed');
    expect((await setStatus(actors.moderator, post.number, { statusId: closed.id })).status).toBe(200);
    const [row] = await db().select({ voteCount: posts.voteCount }).from(posts).where(eq(posts.id, post.id));
    expect(row?.voteCount).toBe(1);
    expect(await db().select().from(votes).where(eq(votes.postId, post.id))).toHaveLength(1);
  });

  it('answers 422 for an unknown status or a missing one, and 404 for a missing or deleted post', async () => {
    const post = await insertPost(boardId);
    const unknown = await setStatus(actors.moderator, post.number, { statusId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error?.fields).toHaveProperty('statusId');
    expect((await setStatus(actors.moderator, post.number, {})).json.error?.fields).toHaveProperty('statusId');
    const planned = await statusBySlug('planned');
    expect((await setStatus(actors.moderator, 999999, { statusId: planned.id })).status).toBe(404);
    const gone = await insertPost(boardId, { deletedAt: new Date() });
    expect((await setStatus(actors.moderator, gone.number, { statusId: planned.id })).status).toBe(404);
    const long = await setStatus(actors.moderator, post.number, { statusId: planned.id, note: 'x'.repeat(5001) });
    expect(long.json.error?.fields).toHaveProperty('note');
  });
});

describe('a status change that waits for another on the same post (PostgreSQL: two connections)', () => {
  /** Sessions of this database waiting for a lock (a row lock shows as a wait on the holder's transaction). */
  const lockWaiters = async () => {
    const result = (await db().execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  };

  it.runIf(testServerUrl())('records the change from the status the other one committed, and answers it', async () => {
    const post = await insertPost(boardId);
    const planned = await statusBySlug('planned');
    const inProgress = await statusBySlug('in-progress');
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let holding!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    // A first change holds the post row (as changePostStatus does) and commits once the second waits for it.
    const first = db().transaction(async (tx) => {
      await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, post.id)).for('update');
      await tx.insert(statusChanges).values({ postId: post.id, fromStatusId: null, toStatusId: planned.id, note: '' });
      await tx.update(posts).set({ statusId: planned.id, statusChangedAt: new Date() }).where(eq(posts.id, post.id));
      holding();
      await released;
    });
    await held;
    const second = setStatus(actors.moderator, post.number, { statusId: inProgress.id });
    for (let i = 0; (await lockWaiters()) === 0; i++) {
      if (i > 500) throw new Error('the second change never waited for the row lock');
      await new Promise((r) => setTimeout(r, 10));
    }
    release();
    await first;
    const res = await second;
    expect(res.status).toBe(200);
    expect(res.json.change).toMatchObject({ from: { id: planned.id }, to: { id: inProgress.id } });
    const history = await db().select().from(statusChanges).where(eq(statusChanges.postId, post.id)).orderBy(statusChanges.id);
    expect(history.map((h) => [h.fromStatusId, h.toStatusId])).toEqual([
      [null, planned.id],
      [planned.id, inProgress.id],
    ]);
  });
});

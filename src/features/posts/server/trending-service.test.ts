import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { voteRoute } from '@/features/votes/server/handlers';
import { db, queryRows } from '@/server/db/client';
import { posts } from '@/server/db/schema';
import { createTestActor } from '@/test/actors';
import { insertBoard, insertPost } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { refreshTrendingScores } from './trending-service';

useTestDatabase();

/** SPEC.md §9, written out independently of the SQL under test. */
const expected = (votes: number, ageHours: number) => votes / Math.pow(ageHours + 2, 1.5);
const HOUR = 3_600_000;
const scoreOf = async (id: string) => (await db().select({ s: posts.trendingScore }).from(posts).where(eq(posts.id, id)))[0]!.s;

describe('the trending score (votes ÷ (age in hours + 2)^1.5)', () => {
  it('is recomputed for live posts by the periodic refresh, and left alone for deleted and merged ones', async () => {
    const author = await createTestActor('member');
    const board = await insertBoard();
    const young = await insertPost(board.id, { authorId: author.id, voteCount: 12, createdAt: new Date(Date.now() - 10 * HOUR) });
    const old = await insertPost(board.id, { authorId: author.id, voteCount: 12, createdAt: new Date(Date.now() - 100 * HOUR) });
    const deleted = await insertPost(board.id, { authorId: author.id, voteCount: 5, deletedAt: new Date() });
    const merged = await insertPost(board.id, { authorId: author.id, voteCount: 5, mergedIntoId: young.id });

    await refreshTrendingScores(db());

    expect(await scoreOf(young.id)).toBeCloseTo(expected(12, 10), 3);
    expect(await scoreOf(old.id)).toBeCloseTo(expected(12, 100), 4);
    expect(await scoreOf(young.id)).toBeGreaterThan(await scoreOf(old.id));
    expect(await scoreOf(deleted.id)).toBe(0);
    expect(await scoreOf(merged.id)).toBe(0);
  });

  it('reaches every live post when it works in batches (one batch ending exactly at the last post, one short)', async () => {
    const author = await createTestActor('member');
    const board = await insertBoard();
    const made = [];
    for (let i = 0; i < 7; i++) {
      made.push(await insertPost(board.id, { authorId: author.id, voteCount: i + 1, createdAt: new Date(Date.now() - (i + 1) * HOUR) }));
    }
    // Earlier tests' posts are there too.
    const [{ live }] = (await queryRows<{ live: number }>(
      sql`select count(*)::int as live from posts where deleted_at is null and merged_into_id is null and vote_count > 0`,
    )) as [{ live: number }];
    expect(live).toBeGreaterThanOrEqual(7);
    expect(await refreshTrendingScores(db(), live)).toBe(live);
    expect(await refreshTrendingScores(db(), 3)).toBe(live);
    for (const [i, post] of made.entries()) expect(await scoreOf(post.id)).toBeCloseTo(expected(i + 1, i + 1), 3);
  });

  it('is written with every vote, in the vote’s transaction', async () => {
    const voter = await createTestActor('member');
    const board = await insertBoard();
    const post = await insertPost(board.id, { authorId: voter.id, createdAt: new Date(Date.now() - 4 * HOUR) });
    const res = await callRoute(voteRoute, { method: 'PUT', params: { number: String(post.number) }, as: voter, body: {} });
    expect(res.status, res.text).toBe(200);
    expect(await scoreOf(post.id)).toBeCloseTo(expected(1, 4), 3);
  });
});

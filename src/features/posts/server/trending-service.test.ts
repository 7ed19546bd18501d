import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { voteRoute } from '@/features/votes/server/handlers';
import { db } from '@/server/db/client';
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

  it('reaches every live post when it works in batches, and rewrites only scores that drifted', async () => {
    const author = await createTestActor('member');
    const board = await insertBoard();
    const made = [];
    for (let i = 0; i < 7; i++) {
      made.push(await insertPost(board.id, { authorId: author.id, voteCount: i + 1, createdAt: new Date(Date.now() - (i + 1) * HOUR) }));
    }
    await refreshTrendingScores(db(), 3); // batches of 3: one ends exactly at a post, the last is short
    for (const [i, post] of made.entries()) expect(await scoreOf(post.id)).toBeCloseTo(expected(i + 1, i + 1), 3);
    // Nothing drifted since: nothing is written again.
    expect(await refreshTrendingScores(db(), 3)).toBe(0);
    // A score off by 10 % is put right; one off by 0.1 % is left alone.
    const right = expected(1, 1);
    await db()
      .update(posts)
      .set({ trendingScore: right * 1.1 })
      .where(eq(posts.id, made[0]!.id));
    await db()
      .update(posts)
      .set({ trendingScore: expected(2, 2) * 1.001 })
      .where(eq(posts.id, made[1]!.id));
    expect(await refreshTrendingScores(db(), 4)).toBe(1);
    expect(await scoreOf(made[0]!.id)).toBeCloseTo(right, 3);
    expect(await scoreOf(made[1]!.id)).toBeCloseTo(expected(2, 2) * 1.001, 6);
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

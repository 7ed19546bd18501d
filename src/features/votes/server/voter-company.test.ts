/**
 * The team sees each voter's company and its monthly revenue (from identify tokens,
 * docs/identify.md) in the voter list and its CSV; members and visitors do not. And the revenue
 * behind a post, the seam for sorting by it, counts each company once.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseCsv } from '@/composition/data/csv';
import { identifyPerson } from '@/features/identify/server/service';
import { revenueBehindPostSql, revenueBehindPosts } from '@/features/identify/server/company-service';
import { db } from '@/server/db/client';
import { boards, posts, rateLimits, votes } from '@/server/db/schema';
import { createRoleActors, type TestActor } from '@/test/actors';
import { insertBoard, insertPost } from '@/test/content';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/http';
import { signTestIdentifyToken, installIdentifySecret } from '@/test/identify';
import { votersCsvRoute, votesRoute } from './handlers';

useTestDatabase();

let actors: { member: TestActor; moderator: TestActor; admin: TestActor };
let boardId: string;
let secret: string;
beforeAll(async () => {
  actors = await createRoleActors();
  boardId = (await insertBoard()).id;
  secret = await installIdentifySecret();
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

let n = 0;
/** A customer signed in by identify, with a company (or none), who votes for the post. */
async function customerVotes(postId: string, company?: { id: string; name: string; mrr?: number }) {
  n += 1;
  const sub = `voter-${n}-${Date.now()}`;
  const { user } = await identifyPerson(
    await signTestIdentifyToken(secret, { sub, email: `${sub}@example.test`, name: `Voter ${n}`, ...(company ? { company } : {}) }),
  );
  await db().insert(votes).values({ postId, userId: user.id });
  const [row] = await db().select({ c: posts.voteCount }).from(posts).where(eq(posts.id, postId));
  await db()
    .update(posts)
    .set({ voteCount: row!.c + 1 })
    .where(eq(posts.id, postId));
  return user;
}

type Item = { displayName: string; company?: { name: string; monthlyRevenueCents: number | null } | null };

describe('voters and their companies', () => {
  it('the team’s voter list shows each voter’s company and MRR; members and visitors see none', async () => {
    const post = await insertPost(boardId);
    await customerVotes(post.id, { id: `acme-${n}`, name: 'Acme', mrr: 1234.5 });
    await customerVotes(post.id);
    const team = await callRoute(votesRoute, { params: { number: String(post.number) }, as: actors.moderator });
    const items = team.json.items as Item[];
    expect(items.map((i) => i.company)).toEqual([null, { name: 'Acme', monthlyRevenueCents: 123450 }]);
    for (const as of [actors.member, undefined]) {
      const seen = await callRoute(votesRoute, { params: { number: String(post.number) }, as });
      expect((seen.json.items as Item[]).every((i) => !('company' in i))).toBe(true);
    }
  });

  it('the CSV has the company and its MRR in currency units', async () => {
    const post = await insertPost(boardId);
    await customerVotes(post.id, { id: `globex-${n}`, name: 'Globex', mrr: 99 });
    await customerVotes(post.id, { id: `initech-${n}`, name: 'Initech' });
    const res = await callRoute(votersCsvRoute, { params: { number: String(post.number) }, as: actors.moderator });
    const [header, ...rows] = parseCsv(res.text.slice(1)).map((r) => r.fields);
    expect(header!.slice(-2)).toEqual(['company', 'company_mrr']);
    expect(rows.map((r) => r.slice(-2))).toEqual([
      ['Initech', ''],
      ['Globex', '99.00'],
    ]);
  });

  it('the revenue behind a post sums its voters’ distinct companies', async () => {
    const post = await insertPost(boardId);
    const other = await insertPost(boardId);
    const big = { id: `big-${Date.now()}`, name: 'Big', mrr: 1000 };
    await customerVotes(post.id, big);
    await customerVotes(post.id, big);
    await customerVotes(post.id, { id: `small-${Date.now()}`, name: 'Small', mrr: 25.5 });
    await customerVotes(post.id);
    const revenue = await revenueBehindPosts(db(), [post.id, other.id]);
    expect(revenue.get(post.id)).toBe(102550);
    expect(revenue.get(other.id)).toBe(0);
    // The seam sorts a posts query, joined or not: the other post first once it has more behind it.
    await customerVotes(other.id, { id: `whale-${Date.now()}`, name: 'Whale', mrr: 5000 });
    const sorted = await db()
      .select({ id: posts.id })
      .from(posts)
      .innerJoin(boards, eq(boards.id, posts.boardId))
      .where(inArray(posts.id, [post.id, other.id]))
      .orderBy(desc(revenueBehindPostSql(posts.id)));
    expect(sorted.map((r) => r.id)).toEqual([other.id, post.id]);
  });
});

/**
 * Plain users and vote checks for the vote tests (boards and posts come from src/test/content.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { db } from '@/server/db/client';
import { posts, users, votes } from '@/server/db/schema';

/** Members without sessions (for service-level tests of many voters). */
export async function createPlainUsers(n: number, prefix = 'voter'): Promise<string[]> {
  const tag = randomUUID().slice(0, 8);
  const rows = await db()
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ email: `${prefix}-${tag}-${i}@example.test`, displayName: `${prefix} ${i}` })))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

export async function postRow(id: string) {
  const [row] = await db().select().from(posts).where(eq(posts.id, id));
  return row!;
}

/** count(*) of the post's votes, the truth the counter must agree with. */
export async function recount(postId: string): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(votes)
    .where(eq(votes.postId, postId));
  return row!.n;
}

export async function voterIds(postId: string): Promise<string[]> {
  const rows = await db().select({ userId: votes.userId }).from(votes).where(eq(votes.postId, postId));
  return rows.map((r) => r.userId).sort();
}

/**
 * Boards, posts and plain users written straight to the test database, for the vote tests
 * (the post service is built elsewhere; these tests must not depend on it).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { db } from '@/server/db/client';
import { boardMembers, boards, posts, statuses, users, votes } from '@/server/db/schema';

export async function createBoard(overrides: Partial<typeof boards.$inferInsert> = {}) {
  const slug = overrides.slug ?? `b-${randomUUID().slice(0, 8)}`;
  const [board] = await db().insert(boards).values({ slug, name: `Board ${slug}`, ...overrides }).returning();
  return board!;
}

export async function grantBoard(boardId: string, userId: string) {
  await db().insert(boardMembers).values({ boardId, userId });
}

export async function createPost(boardId: string, overrides: Partial<typeof posts.$inferInsert> = {}) {
  const [post] = await db()
    .insert(posts)
    .values({ boardId, title: `Post ${randomUUID().slice(0, 6)}`, ...overrides })
    .returning();
  return post!;
}

export async function statusId(slug: string): Promise<string> {
  const [row] = await db().select({ id: statuses.id }).from(statuses).where(eq(statuses.slug, slug));
  return row!.id;
}

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
  const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(votes).where(eq(votes.postId, postId));
  return row!.n;
}

export async function voterIds(postId: string): Promise<string[]> {
  const rows = await db().select({ userId: votes.userId }).from(votes).where(eq(votes.postId, postId));
  return rows.map((r) => r.userId).sort();
}

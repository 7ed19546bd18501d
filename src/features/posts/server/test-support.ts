/** Boards and posts for request-level tests, written straight to the test database. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { db } from '@/server/db/client';
import { boardMembers, boards, posts, statuses } from '@/server/db/schema';

export async function createTestBoard(overrides: Partial<typeof boards.$inferInsert> = {}) {
  const slug = overrides.slug ?? `b-${randomUUID().slice(0, 8)}`;
  const [row] = await db()
    .insert(boards)
    .values({ name: `Board ${slug}`, ...overrides, slug })
    .returning();
  return row!;
}

export async function grantBoard(boardId: string, userId: string) {
  await db().insert(boardMembers).values({ boardId, userId });
}

export async function createTestPost(values: { boardId: string; authorId: string; title?: string; body?: string; approval?: 'pending' | 'approved' | 'rejected'; createdAt?: Date }) {
  const [row] = await db()
    .insert(posts)
    .values({ title: values.title ?? `A test post ${randomUUID().slice(0, 6)}`, body: values.body ?? '', ...values })
    .returning();
  return row!;
}

/** Gives the post a status change, as a moderator would (closes a member's edit window). */
export async function markStatusChanged(postId: string) {
  const [planned] = await db().select().from(statuses).where(eq(statuses.slug, 'planned'));
  await db().update(posts).set({ statusId: planned!.id, statusChangedAt: sql`now()` }).where(eq(posts.id, postId));
}

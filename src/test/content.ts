/**
 * Boards and posts for request-level tests, written straight to the test database, so a feature's
 * tests do not depend on another feature's services. Test-only (imported by *.test.ts files).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { db } from '@/server/db/client';
import { boardMembers, boards, posts, statuses } from '@/server/db/schema';

export async function insertBoard(overrides: Partial<typeof boards.$inferInsert> = {}) {
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

export async function insertPost(boardId: string, overrides: Partial<typeof posts.$inferInsert> = {}) {
  const [row] = await db()
    .insert(posts)
    .values({ boardId, title: `A test post ${randomUUID().slice(0, 6)}`, body: '', ...overrides })
    .returning();
  return row!;
}

/** One of the default statuses (SPEC.md §3), by slug. */
export async function statusBySlug(slug: string) {
  const [row] = await db().select().from(statuses).where(eq(statuses.slug, slug));
  if (!row) throw new Error(`no status ${slug}`);
  return row;
}

/** Gives the post a status change, as a moderator would (closes a member's edit window). */
export async function markStatusChanged(postId: string) {
  const planned = await statusBySlug('planned');
  await db()
    .update(posts)
    .set({ statusId: planned.id, statusChangedAt: sql`now()` })
    .where(eq(posts.id, postId));
}

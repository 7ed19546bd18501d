/**
 * Boards and posts written straight into the test database, so the triage tests do not depend
 * on the board and post services. Test-only (imported by *.test.ts files).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { db } from '@/server/db/client';
import { boards, posts, statuses } from '@/server/db/schema';

export async function insertBoard(overrides: Partial<typeof boards.$inferInsert> = {}) {
  const slug = `b-${randomUUID().slice(0, 8)}`;
  const [row] = await db().insert(boards).values({ slug, name: `Board ${slug}`, ...overrides }).returning();
  return row!;
}

export async function insertPost(boardId: string, overrides: Partial<typeof posts.$inferInsert> = {}) {
  const [row] = await db()
    .insert(posts)
    .values({ boardId, title: `A post ${randomUUID().slice(0, 6)}`, body: 'Some **body**', ...overrides })
    .returning();
  return row!;
}

export async function statusBySlug(slug: string) {
  const [row] = await db().select().from(statuses).where(eq(statuses.slug, slug));
  if (!row) throw new Error(`no status ${slug}`);
  return row;
}

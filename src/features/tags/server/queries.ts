/** SQL for tags and a post's tags. Nothing here knows HTTP. */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { visiblePostSql } from '@/server/identity/visibility';
import type { DbOrTx } from '@/server/db/client';
import { boards, postTags, posts, tags } from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';

export type TagRow = typeof tags.$inferSelect;

/** Every tag by name, each with the number of posts carrying it that this actor may see. */
export async function listTagsWithCounts(db: DbOrTx, actor: Actor): Promise<(TagRow & { postCount: number })[]> {
  const counts = db
    .select({ tagId: postTags.tagId, n: sql<number>`count(*)::int`.as('n') })
    .from(postTags)
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .where(visiblePostSql(actor))
    .groupBy(postTags.tagId)
    .as('counts');
  const rows = await db
    .select({ tag: tags, postCount: sql<number>`coalesce(${counts.n}, 0)` })
    .from(tags)
    .leftJoin(counts, eq(counts.tagId, tags.id))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
  return rows.map((r) => ({ ...r.tag, postCount: Number(r.postCount) }));
}

export async function getTagById(db: DbOrTx, id: string, opts: { forUpdate?: boolean } = {}): Promise<TagRow | undefined> {
  const q = db.select().from(tags).where(eq(tags.id, id)).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export async function getTagsByIds(db: DbOrTx, ids: readonly string[]): Promise<TagRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(tags)
    .where(inArray(tags.id, [...ids]));
}

export async function tagNameTaken(db: DbOrTx, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(sql`lower(${tags.name}) = lower(${name})`, exceptId ? ne(tags.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertTag(db: DbOrTx, values: typeof tags.$inferInsert): Promise<TagRow> {
  const [row] = await db.insert(tags).values(values).returning();
  return row!;
}

export async function updateTag(db: DbOrTx, id: string, values: Partial<typeof tags.$inferInsert>): Promise<TagRow> {
  const [row] = await db
    .update(tags)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tags.id, id))
    .returning();
  return row!;
}

/** Deletes the tag; its post_tags rows go with it (on delete cascade). Answers how many posts carried it. */
export async function deleteTagRow(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(postTags)
    .where(eq(postTags.tagId, id));
  await db.delete(tags).where(eq(tags.id, id));
  return Number(row?.n ?? 0);
}

export async function countPostsWithTag(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(postTags)
    .where(eq(postTags.tagId, id));
  return Number(row?.n ?? 0);
}

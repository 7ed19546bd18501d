/** SQL for statuses: the list with post counts, lookups, writes. Nothing here knows HTTP. */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { visiblePostSql } from '@/server/identity/visibility';
import type { DbOrTx } from '@/server/db/client';
import { boards, posts, statusChanges, statuses } from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';

export type StatusRow = typeof statuses.$inferSelect;

/** Every status in order, each with the number of posts on it that this actor may see. */
export async function listStatusesWithCounts(db: DbOrTx, actor: Actor): Promise<(StatusRow & { postCount: number })[]> {
  const counts = db
    .select({ statusId: posts.statusId, n: sql<number>`count(*)::int`.as('n') })
    .from(posts)
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .where(visiblePostSql(actor))
    .groupBy(posts.statusId)
    .as('counts');
  const rows = await db
    .select({ status: statuses, postCount: sql<number>`coalesce(${counts.n}, 0)` })
    .from(statuses)
    .leftJoin(counts, eq(counts.statusId, statuses.id))
    .orderBy(asc(statuses.position), asc(statuses.createdAt), asc(statuses.id));
  return rows.map((r) => ({ ...r.status, postCount: Number(r.postCount) }));
}

export async function getStatusById(db: DbOrTx, id: string, opts: { forUpdate?: boolean } = {}): Promise<StatusRow | undefined> {
  const q = db.select().from(statuses).where(eq(statuses.id, id)).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

/** Locks every status row (in id order) so reorders, deletes and the "keep one" rule serialise. */
export async function lockAllStatuses(db: DbOrTx): Promise<StatusRow[]> {
  return db.select().from(statuses).orderBy(asc(statuses.id)).for('update');
}

export async function statusNameTaken(db: DbOrTx, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: statuses.id })
    .from(statuses)
    .where(and(sql`lower(${statuses.name}) = lower(${name})`, exceptId ? ne(statuses.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function slugsLike(db: DbOrTx, base: string, exceptId?: string): Promise<string[]> {
  const rows = await db
    .select({ slug: statuses.slug })
    .from(statuses)
    .where(
      and(sql`(${statuses.slug} = ${base} or ${statuses.slug} like ${`${base}-%`})`, exceptId ? ne(statuses.id, exceptId) : undefined),
    );
  return rows.map((r) => r.slug);
}

export async function insertStatus(db: DbOrTx, values: typeof statuses.$inferInsert): Promise<StatusRow> {
  const [row] = await db.insert(statuses).values(values).returning();
  return row!;
}

export async function updateStatus(db: DbOrTx, id: string, values: Partial<typeof statuses.$inferInsert>): Promise<StatusRow> {
  const [row] = await db
    .update(statuses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(statuses.id, id))
    .returning();
  return row!;
}

export async function setStatusPosition(db: DbOrTx, id: string, position: number): Promise<void> {
  await db.update(statuses).set({ position }).where(eq(statuses.id, id));
}

export async function deleteStatusRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(statuses).where(eq(statuses.id, id));
}

/** Posts on a status, deleted ones included (the foreign key counts them too). */
export async function countPostsOnStatus(db: DbOrTx, statusId: string, opts: { includeDeleted: boolean }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(eq(posts.statusId, statusId), opts.includeDeleted ? undefined : isNull(posts.deletedAt)));
  return Number(row?.n ?? 0);
}

/**
 * Moves every post on `fromId` to `toId`, writing one history row per moved post, by `byId`,
 * without a note. Live posts also get their activity and status-change times bumped.
 */
export async function movePostsBetweenStatuses(db: DbOrTx, fromId: string, toId: string, byId: string): Promise<number> {
  const moved = await db
    .update(posts)
    .set({
      statusId: toId,
      statusChangedAt: sql`now()`,
      activityAt: sql`case when ${posts.deletedAt} is null then now() else ${posts.activityAt} end`,
    })
    .where(eq(posts.statusId, fromId))
    .returning({ id: posts.id });
  if (moved.length > 0) {
    await db.insert(statusChanges).values(moved.map((p) => ({ postId: p.id, fromStatusId: fromId, toStatusId: toId, byId, note: '' })));
  }
  return moved.length;
}

/** Deleted posts keep no status of their own once that status goes (it had no live posts). */
export async function clearStatusOfDeletedPosts(db: DbOrTx, statusId: string): Promise<void> {
  await db
    .update(posts)
    .set({ statusId: null })
    .where(and(eq(posts.statusId, statusId), sql`${posts.deletedAt} is not null`));
}

/** SQL for the changelog. Nothing here knows HTTP; every read of a linked post is scoped to its reader. */
import { and, asc, desc, eq, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/server/db/client';
import {
  boards,
  changelogEntries,
  changelogEntryPosts,
  changelogLabels,
  changelogSubscriptions,
  posts,
  subscriptions,
  users,
  votes,
} from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';
import { visiblePostSql } from '@/server/identity/visibility';
import { visiblePostRefsSql, type PostRef } from '@/features/posts/server/access-service';

export type EntryRow = typeof changelogEntries.$inferSelect;
export type LabelRow = typeof changelogLabels.$inferSelect;

/** The linked posts of the entry in the outer query, as `actor` may see them (JSON array of {number, title}). */
const linkedRefs = (actor: Actor): SQL =>
  visiblePostRefsSql(
    actor,
    sql`${posts.id} in (select cep.post_id from ${changelogEntryPosts} cep where cep.entry_id = ${changelogEntries.id})`,
  );

export interface EntryWithRefs {
  entry: EntryRow;
  labelName: string;
  refs: PostRef[];
  authorName: string | null;
  /** published_at as text to the microsecond (the list's cursor key), or null for a draft. */
  publishedKey: string | null;
}

const selection = (actor: Actor) => ({
  entry: changelogEntries,
  labelName: changelogLabels.name,
  refs: sql<PostRef[]>`${linkedRefs(actor)}`,
  authorName: users.displayName,
  publishedKey: sql<string | null>`to_char(${changelogEntries.publishedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
});

/** A page of published entries, newest first, after the keyset `after`; optionally one label. */
export async function listPublishedEntryRows(
  db: DbOrTx,
  actor: Actor,
  opts: { label?: string; after?: { publishedAt: string; id: string }; limit: number },
): Promise<EntryWithRefs[]> {
  const rows = await db
    .select(selection(actor))
    .from(changelogEntries)
    .innerJoin(changelogLabels, eq(changelogLabels.slug, changelogEntries.label))
    .leftJoin(users, eq(users.id, changelogEntries.authorId))
    .where(
      and(
        eq(changelogEntries.state, 'published'),
        opts.label ? eq(changelogEntries.label, opts.label) : undefined,
        opts.after
          ? or(
              lt(changelogEntries.publishedAt, sql`${opts.after.publishedAt}::timestamptz`),
              and(eq(changelogEntries.publishedAt, sql`${opts.after.publishedAt}::timestamptz`), lt(changelogEntries.id, opts.after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(sql`${changelogEntries.publishedAt} desc nulls last`, sql`${changelogEntries.id} desc nulls last`)
    .limit(opts.limit);
  return rows.map(normalise);
}

export async function getEntryRowBy(db: DbOrTx, actor: Actor, where: SQL): Promise<EntryWithRefs | undefined> {
  const [row] = await db
    .select(selection(actor))
    .from(changelogEntries)
    .innerJoin(changelogLabels, eq(changelogLabels.slug, changelogEntries.label))
    .leftJoin(users, eq(users.id, changelogEntries.authorId))
    .where(where)
    .limit(1);
  return row ? normalise(row) : undefined;
}

/** Every entry for the team: drafts (scheduled or not) first, most recently changed first, then published, newest first. */
export async function listTeamEntryRows(db: DbOrTx, actor: Actor, limit: number): Promise<EntryWithRefs[]> {
  const rows = await db
    .select(selection(actor))
    .from(changelogEntries)
    .innerJoin(changelogLabels, eq(changelogLabels.slug, changelogEntries.label))
    .leftJoin(users, eq(users.id, changelogEntries.authorId))
    .orderBy(
      sql`(${changelogEntries.state} = 'draft') desc`,
      sql`coalesce(${changelogEntries.publishedAt}, ${changelogEntries.updatedAt}) desc`,
    )
    .limit(limit);
  return rows.map(normalise);
}

function normalise(row: {
  entry: EntryRow;
  labelName: string;
  refs: unknown;
  authorName: string | null;
  publishedKey: string | null;
}): EntryWithRefs {
  const refs = typeof row.refs === 'string' ? (JSON.parse(row.refs) as PostRef[]) : ((row.refs as PostRef[] | null) ?? []);
  return { entry: row.entry, labelName: row.labelName, refs, authorName: row.authorName, publishedKey: row.publishedKey };
}

export async function lockEntry(db: DbOrTx, id: string): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(changelogEntries).where(eq(changelogEntries.id, id)).limit(1).for('update');
  return row;
}

export async function insertEntry(db: DbOrTx, values: typeof changelogEntries.$inferInsert): Promise<EntryRow> {
  const [row] = await db.insert(changelogEntries).values(values).returning();
  return row!;
}

export async function updateEntry(db: DbOrTx, id: string, values: Partial<typeof changelogEntries.$inferInsert>): Promise<EntryRow> {
  const [row] = await db
    .update(changelogEntries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(changelogEntries.id, id))
    .returning();
  return row!;
}

export async function deleteEntryRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(changelogEntries).where(eq(changelogEntries.id, id));
}

export async function slugsLike(db: DbOrTx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: changelogEntries.slug })
    .from(changelogEntries)
    .where(or(eq(changelogEntries.slug, base), sql`${changelogEntries.slug} like ${`${base}-%`}`));
  return rows.map((r) => r.slug);
}

/** The ids of the posts with these numbers that `actor` may see. */
export async function visiblePostIdsByNumber(
  db: DbOrTx,
  actor: Actor,
  numbers: readonly number[],
): Promise<{ id: string; number: number }[]> {
  if (numbers.length === 0) return [];
  return db
    .select({ id: posts.id, number: posts.number })
    .from(posts)
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .where(and(inArray(posts.number, [...numbers]), visiblePostSql(actor)));
}

export async function replaceEntryPosts(db: DbOrTx, entryId: string, postIds: readonly string[]): Promise<void> {
  await db.delete(changelogEntryPosts).where(eq(changelogEntryPosts.entryId, entryId));
  if (postIds.length) await db.insert(changelogEntryPosts).values(postIds.map((postId) => ({ entryId, postId })));
}

/** The numbers of every post linked to the entry, whoever may see them (for the publishing transaction). */
export async function linkedPostNumbers(db: DbOrTx, entryId: string): Promise<number[]> {
  const rows = await db
    .select({ number: posts.number })
    .from(changelogEntryPosts)
    .innerJoin(posts, eq(posts.id, changelogEntryPosts.postId))
    .where(eq(changelogEntryPosts.entryId, entryId))
    .orderBy(asc(posts.number));
  return rows.map((r) => r.number);
}

/** Published entries that link this post, newest first. */
export async function publishedEntriesLinking(db: DbOrTx, postId: string): Promise<Pick<EntryRow, 'slug' | 'title' | 'publishedAt'>[]> {
  return db
    .select({ slug: changelogEntries.slug, title: changelogEntries.title, publishedAt: changelogEntries.publishedAt })
    .from(changelogEntryPosts)
    .innerJoin(changelogEntries, eq(changelogEntries.id, changelogEntryPosts.entryId))
    .where(and(eq(changelogEntryPosts.postId, postId), eq(changelogEntries.state, 'published')))
    .orderBy(desc(changelogEntries.publishedAt));
}

export async function listLabelRows(db: DbOrTx): Promise<LabelRow[]> {
  return db.select().from(changelogLabels).orderBy(asc(changelogLabels.position), asc(changelogLabels.name));
}

export async function labelExists(db: DbOrTx, slug: string): Promise<boolean> {
  const [row] = await db.select({ slug: changelogLabels.slug }).from(changelogLabels).where(eq(changelogLabels.slug, slug)).limit(1);
  return Boolean(row);
}

export async function labelNameTaken(db: DbOrTx, name: string): Promise<boolean> {
  const [row] = await db
    .select({ slug: changelogLabels.slug })
    .from(changelogLabels)
    .where(sql`lower(${changelogLabels.name}) = lower(${name})`)
    .limit(1);
  return Boolean(row);
}

export async function insertLabel(db: DbOrTx, values: typeof changelogLabels.$inferInsert): Promise<LabelRow> {
  const [row] = await db.insert(changelogLabels).values(values).returning();
  return row!;
}

export async function labelSlugsLike(db: DbOrTx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: changelogLabels.slug })
    .from(changelogLabels)
    .where(or(eq(changelogLabels.slug, base), sql`${changelogLabels.slug} like ${`${base}-%`}`));
  return rows.map((r) => r.slug);
}

export async function nextLabelPosition(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(max(${changelogLabels.position}), -1) + 1` }).from(changelogLabels);
  return Number(row?.n ?? 0);
}

export async function getChangelogSubscription(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ subscribed: changelogSubscriptions.subscribed })
    .from(changelogSubscriptions)
    .where(eq(changelogSubscriptions.userId, userId))
    .limit(1);
  return row?.subscribed ?? false;
}

export async function upsertChangelogSubscription(db: DbOrTx, userId: string, subscribed: boolean): Promise<void> {
  await db
    .insert(changelogSubscriptions)
    .values({ userId, subscribed })
    .onConflictDoUpdate({ target: changelogSubscriptions.userId, set: { subscribed, updatedAt: sql`now()` } });
}

/**
 * Who hears about a publication: the voters of the linked posts (unless they unsubscribed from
 * that post), the people still subscribed to a linked post, and the changelog's subscribers; each
 * person once, and only people who can still be reached (not deleted, not banned).
 */
export async function audienceIds(db: DbOrTx, entryId: string): Promise<string[]> {
  const linked = sql`(select cep.post_id from ${changelogEntryPosts} cep where cep.entry_id = ${entryId})`;
  const result = await queryRows<{ id: string }>(
    sql`
    select distinct u.id as id from ${users} u where u.deleted_at is null and u.banned_at is null and u.id in (
      select v.user_id from ${votes} v
        where v.post_id in ${linked}
          and not exists (select 1 from ${subscriptions} s where s.user_id = v.user_id and s.post_id = v.post_id and not s.subscribed)
      union
      select s.user_id from ${subscriptions} s where s.post_id in ${linked} and s.subscribed
      union
      select cs.user_id from ${changelogSubscriptions} cs where cs.subscribed
    ) order by u.id`,
    db,
  );
  return result.map((r) => r.id);
}

/** Published entries for the feed, newest first. */
export async function feedRows(db: DbOrTx, limit: number): Promise<(EntryRow & { labelName: string })[]> {
  const rows = await db
    .select({ entry: changelogEntries, labelName: changelogLabels.name })
    .from(changelogEntries)
    .innerJoin(changelogLabels, eq(changelogLabels.slug, changelogEntries.label))
    .where(and(eq(changelogEntries.state, 'published'), isNotNull(changelogEntries.publishedAt)))
    .orderBy(sql`${changelogEntries.publishedAt} desc nulls last`, sql`${changelogEntries.id} desc nulls last`)
    .limit(limit);
  return rows.map((r) => ({ ...r.entry, labelName: r.labelName }));
}

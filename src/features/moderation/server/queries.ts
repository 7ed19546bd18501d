/**
 * SQL for the triage inbox (the team sees every board). Nothing here knows HTTP. Its posts are
 * read through visiblePostSql like every other reference to a post, so the inbox follows the rule
 * if the team's view ever narrows.
 */
import type { Locale } from '@/core/i18n/locales';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { visiblePostSql } from '@/server/identity/visibility';
import type { DbOrTx } from '@/server/db/client';
import { boards, posts, users } from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';

/** (created_at, id) of the last row of a page, exact to the microsecond. */
export interface PageKey {
  createdAt: string;
  id: string;
}

const postKey = sql<string>`to_char(${posts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const postColumns = {
  id: posts.id,
  number: posts.number,
  title: posts.title,
  body: posts.body,
  approval: posts.approval,
  createdAt: posts.createdAt,
  key: postKey,
  boardSlug: boards.slug,
  boardName: boards.name,
  authorId: users.id,
  authorName: users.displayName,
  authorDeletedAt: users.deletedAt,
};

async function listPosts(db: DbOrTx, actor: Actor, where: SQL, after: PageKey | undefined, limit: number) {
  return db
    .select(postColumns)
    .from(posts)
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .leftJoin(users, eq(users.id, posts.authorId))
    .where(
      and(
        visiblePostSql(actor),
        where,
        after ? sql`(${posts.createdAt}, ${posts.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}
export type InboxPostRow = Awaited<ReturnType<typeof listPosts>>[number];

/** Posts awaiting approval, newest first. */
export function listPendingPosts(db: DbOrTx, actor: Actor, after: PageKey | undefined, limit: number) {
  return listPosts(db, actor, sql`${posts.approval} = 'pending' and ${posts.deletedAt} is null`, after, limit);
}

/** Approved, live, unmerged posts that nobody has given a status yet, newest first. */
export function listUntriagedPosts(db: DbOrTx, actor: Actor, after: PageKey | undefined, limit: number) {
  return listPosts(
    db,
    actor,
    sql`${posts.approval} = 'approved' and ${posts.statusId} is null and ${posts.deletedAt} is null and ${posts.mergedIntoId} is null`,
    after,
    limit,
  );
}

export async function getUserEmail(
  db: DbOrTx,
  id: string,
): Promise<{ email: string; locale: Locale | null; deleted: boolean } | undefined> {
  const [row] = await db
    .select({ email: users.email, locale: users.locale, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ? { email: row.email, locale: row.locale, deleted: Boolean(row.deletedAt) } : undefined;
}

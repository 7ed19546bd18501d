/**
 * SQL of the crawler-facing reads (Atom feeds, sitemap): what lists show (`visiblePostSql` and
 * `listedPostSql` for the actor, never merged duplicates), newest first, on the indexes the
 * board lists already use.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { boards, posts, users } from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';
import { listedPostSql, visiblePostSql } from '@/server/identity/visibility';

export interface FeedPostRow {
  number: number;
  title: string;
  body: string;
  createdAt: Date;
  updatedAt: Date;
  authorId: string | null;
  authorName: string | null;
  authorDeleted: boolean;
}

export async function selectBoardFeedPosts(db: DbOrTx, actor: Actor, boardId: string, limit: number): Promise<FeedPostRow[]> {
  return db
    .select({
      number: posts.number,
      title: posts.title,
      body: posts.body,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      authorId: users.id,
      authorName: users.displayName,
      authorDeleted: sql<boolean>`${users.deletedAt} is not null`.mapWith(Boolean),
    })
    .from(posts)
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .leftJoin(users, eq(users.id, posts.authorId))
    .where(and(eq(posts.boardId, boardId), visiblePostSql(actor), listedPostSql(actor), isNull(posts.mergedIntoId)))
    .orderBy(sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`)
    .limit(limit);
}

export interface PostUrlRow {
  number: number;
  title: string;
  activityAt: Date;
}

export async function selectListedPostUrls(db: DbOrTx, actor: Actor, limit: number): Promise<PostUrlRow[]> {
  return db
    .select({ number: posts.number, title: posts.title, activityAt: posts.activityAt })
    .from(posts)
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .where(and(visiblePostSql(actor), listedPostSql(actor), isNull(posts.mergedIntoId)))
    .orderBy(sql`${posts.number} desc`)
    .limit(limit);
}

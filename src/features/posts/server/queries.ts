/**
 * SQL for creating, reading, editing and deleting single posts, and for similar-post
 * suggestions. Every read is scoped by what the actor may see (visiblePostSql).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isTeamMember } from '@/core/identity/policy';
import type { Role } from '@/core/identity/roles';
import type { StatusCategory } from '@/features/statuses/schema';
import { queryRows, type DbOrTx } from '@/server/db/client';
import { boards, posts, postTags, statuses } from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';
import type { PostApproval } from '../schema';
import { visiblePostRefsSql, type PostRef, type PostRow } from './access-service';
import { visiblePostSql } from '@/server/identity/visibility';

export async function insertPost(
  db: DbOrTx,
  values: { boardId: string; authorId: string; createdByKeyId?: string | null; title: string; body: string; approval: PostApproval },
): Promise<PostRow> {
  const [row] = await db.insert(posts).values(values).returning();
  return row!;
}

/** Whether the user has at least one approved post that still exists (moderation `new_members`). */
export async function authorHasApprovedPost(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(posts)
    .where(and(eq(posts.authorId, userId), eq(posts.approval, 'approved'), sql`${posts.deletedAt} is null`))
    .limit(1);
  return Boolean(row);
}

/** Edits the title and/or body; an edit is activity (the `updated` sort). */
export async function updatePostContent(db: DbOrTx, postId: string, values: { title?: string; body?: string }): Promise<void> {
  await db
    .update(posts)
    .set({ ...values, updatedAt: sql`now()`, activityAt: sql`now()` })
    .where(eq(posts.id, postId));
}

export async function softDeletePost(db: DbOrTx, postId: string): Promise<void> {
  await db
    .update(posts)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(posts.id, postId));
}

type StatusJson = { id: string; slug: string; name: string; color: string; category: StatusCategory };
type PersonJson = { id: string; displayName: string; avatarUrl: string | null; role: Role; deleted: boolean };

export interface PostExtras {
  authorAvatarUrl: string | null;
  tags: { id: string; name: string; color: string }[];
  history: { id: number; note: string; createdAt: string; from: StatusJson | null; to: StatusJson | null; by: PersonJson | null }[];
  voters: { id: string; displayName: string; avatarUrl: string | null; deleted: boolean; votedAt: string; castBy: string | null }[];
  /** Posts merged into this one that the reader may see. */
  duplicates: PostRef[];
  /** The post this one was merged into, if the reader may see it: `[]` when not merged or hidden. */
  mergedInto: PostRef[];
  voted: boolean;
  subscribed: boolean;
}

const statusJson = (alias: string) =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'slug', ${alias}.slug, ` +
      `'name', ${alias}.name, 'color', ${alias}.color, 'category', ${alias}.category) end`,
  );

/**
 * Everything around a post that its page and its API answer show, in one statement (PGlite runs
 * each query on the main thread, so round trips count): tags, status history, the first
 * `voterLimit` voters, duplicates merged into it, the post it was merged into, and the viewer's
 * vote and subscription. The other posts it refers to are read as the actor may see them
 * (visiblePostRefsSql).
 */
export async function getPostExtras(
  db: DbOrTx,
  actor: Actor,
  post: Pick<PostRow, 'id' | 'authorId' | 'mergedIntoId'>,
  opts: { voterLimit: number },
): Promise<PostExtras> {
  const team = isTeamMember(actor);
  const viewerId = actor.kind === 'user' ? actor.id : null;
  const [row] = await queryRows<{
    author_avatar_url: string | null;
    tags: PostExtras['tags'];
    history: PostExtras['history'];
    voters: PostExtras['voters'];
    duplicates: PostExtras['duplicates'];
    merged_into: PostExtras['mergedInto'];
    voted: boolean;
    subscribed: boolean;
  }>(
    sql`select
      (select avatar_url from users where id = ${post.authorId}::uuid and deleted_at is null) as author_avatar_url,
      (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by lower(t.name)), '[]'::json)
         from post_tags pt join tags t on t.id = pt.tag_id where pt.post_id = ${post.id}) as tags,
      (select coalesce(json_agg(json_build_object(
           'id', sc.id, 'note', sc.note, 'createdAt', sc.created_at, 'from', ${statusJson('fs')}, 'to', ${statusJson('ts')},
           'by', case when u.id is null then null else json_build_object('id', u.id, 'displayName', u.display_name,
             'avatarUrl', u.avatar_url, 'role', u.role, 'deleted', u.deleted_at is not null) end
         ) order by sc.created_at, sc.id), '[]'::json)
         from status_changes sc
         left join statuses fs on fs.id = sc.from_status_id
         left join statuses ts on ts.id = sc.to_status_id
         left join users u on u.id = sc.by_id
         where sc.post_id = ${post.id}) as history,
      (select coalesce(json_agg(json_build_object('id', v.id, 'displayName', v.display_name, 'avatarUrl',
        v.avatar_url, 'deleted', v.deleted, 'votedAt', v.created_at, 'castBy', v.cast_by) order by v.created_at desc), '[]'::json)
         from (select u.id, u.display_name, u.avatar_url, u.deleted_at is not null as deleted, vt.created_at,
           ${team ? sql`cb.display_name` : sql`null::text`} as cast_by
               from votes vt join users u on u.id = vt.user_id left join users cb on cb.id = vt.cast_by_id
               where vt.post_id = ${post.id} order by vt.created_at desc limit ${opts.voterLimit}) v) as voters,
      ${visiblePostRefsSql(actor, sql`${posts.mergedIntoId} = ${post.id}`)} as duplicates,
      ${visiblePostRefsSql(actor, sql`${posts.id} = ${post.mergedIntoId}::uuid`)} as merged_into,
      exists (select 1 from votes where post_id = ${post.id} and user_id = ${viewerId}::uuid) as voted,
      coalesce((select subscribed from subscriptions where post_id = ${post.id} and user_id = ${viewerId}::uuid), false) as subscribed`,
    db,
  );
  return {
    authorAvatarUrl: row!.author_avatar_url,
    tags: row!.tags,
    history: row!.history,
    voters: row!.voters,
    duplicates: row!.duplicates,
    mergedInto: row!.merged_into,
    voted: Boolean(row!.voted),
    subscribed: Boolean(row!.subscribed),
  };
}

/** The words of a title as a websearch query whose terms are OR-ed: any shared word is a hint. */
export function orQueryOf(title: string): string {
  const words = title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 12).join(' or ');
}

export interface SimilarPostRow {
  id: string;
  number: number;
  title: string;
  vote_count: number;
  status_name: string | null;
  status_color: string | null;
  status_category: StatusCategory | null;
  approval: string;
  board_archived: boolean;
  /** Whether the caller has voted for it (false for a visitor). */
  voted: boolean;
}

/**
 * Visible, unmerged posts like `title`, best first. Full-text first (any word of the title, GIN on
 * `search`, ranked), which is cheap and finds posts that share words; only when that finds fewer
 * than `limit` does a trigram search on titles (GIN on `title`, `%`) fill the rest, which catches
 * misspellings but costs more on a large board. Two indexed statements instead of one that ORs
 * both conditions: the OR made the planner rank every match of either.
 */
export async function listSimilarPosts(
  db: DbOrTx,
  actor: Actor,
  opts: { title: string; boardSlug?: string; limit: number },
): Promise<SimilarPostRow[]> {
  const tsq = sql`websearch_to_tsquery('english', ${orQueryOf(opts.title)})`;
  const viewerId = actor.kind === 'user' ? actor.id : null;
  const select = (match: SQL, rank: SQL, exclude: readonly string[], limit: number) =>
    queryRows<SimilarPostRow>(
      sql`select ${posts.id} as id, ${posts.number} as number, ${posts.title} as title, ${posts.voteCount} as vote_count,
            ${statuses.name} as status_name, ${statuses.color} as status_color, ${statuses.category} as status_category,
            ${posts.approval} as approval, ${boards.archivedAt} is not null as board_archived,
            ${
              viewerId === null
                ? sql`false`
                : sql`exists (select 1 from votes v where v.post_id = ${posts.id} and v.user_id = ${viewerId}::uuid)`
            } as voted
          from ${posts}
          join ${boards} on ${boards.id} = ${posts.boardId}
          left join ${statuses} on ${statuses.id} = ${posts.statusId}
          where ${visiblePostSql(actor)} and ${posts.mergedIntoId} is null and ${match}
            ${opts.boardSlug ? sql`and ${boards.slug} = ${opts.boardSlug}` : sql``}
            ${
              exclude.length
                ? sql`and ${posts.id} not in (${sql.join(
                    exclude.map((id) => sql`${id}::uuid`),
                    sql`, `,
                  )})`
                : sql``
            }
          order by ${rank} desc, ${posts.voteCount} desc, ${posts.number} desc
          limit ${limit}`,
      db,
    );
  const byWords = await select(sql`${posts.search} @@ ${tsq}`, sql`ts_rank(${posts.search}, ${tsq})`, [], opts.limit);
  if (byWords.length >= opts.limit) return byWords;
  const bySpelling = await select(
    sql`${posts.title} % ${opts.title}`,
    sql`similarity(${posts.title}, ${opts.title})`,
    byWords.map((r) => r.id),
    opts.limit - byWords.length,
  );
  return [...byWords, ...bySpelling];
}

export async function listPostTagIds(db: DbOrTx, postId: string): Promise<string[]> {
  const rows = await db.select({ tagId: postTags.tagId }).from(postTags).where(eq(postTags.postId, postId));
  return rows.map((r) => r.tagId);
}

/** Replaces a post's tags with exactly `tagIds`. */
export async function replacePostTags(db: DbOrTx, postId: string, tagIds: readonly string[]): Promise<void> {
  await db.delete(postTags).where(eq(postTags.postId, postId));
  if (tagIds.length > 0) await db.insert(postTags).values(tagIds.map((tagId) => ({ postId, tagId })));
}

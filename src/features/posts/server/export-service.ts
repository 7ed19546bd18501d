/**
 * A person's own posts, comments and votes for their account export (SPEC.md §3: everything
 * kept about them). Deleted posts and comments are included with their deletion time: the
 * export says what is stored, and soft-deleted rows are stored.
 *
 * Comments and votes refer to posts by number, and such a reference follows the visibility rule
 * (visiblePostSql) as the person sees it now, like every reference to a post: a vote that a merge
 * copied onto a private post they were never granted, or a comment on a post since deleted,
 * made private or rejected, is listed with `postNumber: null`. Their own posts are listed above
 * in full, so a reference to one of them keeps its number.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { boards, comments, posts, votes } from '@/server/db/schema';
import type { UserActor } from '@/server/identity/actor';
import { visiblePostSql } from '@/server/identity/visibility';

export async function exportContentOf(db: DbOrTx, actor: UserActor) {
  const userId = actor.id;
  const referable = sql<boolean>`(${visiblePostSql(actor)} or ${posts.authorId} = ${userId})`;
  const [ownPosts, ownComments, ownVotes] = [
    await db
      .select({
        number: posts.number,
        board: boards.slug,
        title: posts.title,
        body: posts.body,
        approval: posts.approval,
        createdAt: posts.createdAt,
        updatedAt: posts.updatedAt,
        deletedAt: posts.deletedAt,
      })
      .from(posts)
      .innerJoin(boards, eq(boards.id, posts.boardId))
      .where(eq(posts.authorId, userId))
      .orderBy(asc(posts.number)),
    await db
      .select({
        id: comments.id,
        postNumber: posts.number,
        referable,
        body: comments.body,
        internal: comments.internal,
        createdAt: comments.createdAt,
        editedAt: comments.editedAt,
        deletedAt: comments.deletedAt,
      })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .innerJoin(boards, eq(boards.id, posts.boardId))
      .where(eq(comments.authorId, userId))
      .orderBy(asc(comments.id)),
    await db
      .select({ postNumber: posts.number, referable, createdAt: votes.createdAt, castOnYourBehalf: votes.castById })
      .from(votes)
      .innerJoin(posts, eq(posts.id, votes.postId))
      .innerJoin(boards, eq(boards.id, posts.boardId))
      .where(eq(votes.userId, userId))
      .orderBy(asc(posts.number)),
  ];
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    posts: ownPosts.map((p) => ({ ...p, createdAt: iso(p.createdAt), updatedAt: iso(p.updatedAt), deletedAt: iso(p.deletedAt) })),
    comments: ownComments.map(({ referable: shown, ...c }) => ({
      ...c,
      postNumber: shown ? c.postNumber : null,
      createdAt: iso(c.createdAt),
      editedAt: iso(c.editedAt),
      deletedAt: iso(c.deletedAt),
    })),
    // Merged duplicates copy votes to their target; each copy is a vote kept about the person, so both are listed.
    votes: ownVotes.map((v) => ({
      postNumber: v.referable ? v.postNumber : null,
      createdAt: iso(v.createdAt),
      castOnYourBehalf: v.castOnYourBehalf !== null,
    })),
  };
}

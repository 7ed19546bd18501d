import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { isTeamMember } from '@/core/identity/policy';
import type { DbOrTx } from '@/server/db/client';
import { attachments, boards, comments, posts } from '@/server/db/schema';
import type { Actor } from '@/server/identity/actor';
import { visiblePostSql } from '@/server/identity/visibility';
import type { AttachmentKind } from '../enums';

export type AttachmentRow = typeof attachments.$inferSelect;
export type NewAttachmentRow = typeof attachments.$inferInsert;

export async function insertAttachment(db: DbOrTx, values: NewAttachmentRow): Promise<AttachmentRow> {
  const [row] = await db.insert(attachments).values(values).returning();
  return row!;
}

/** A comment's visibility to the actor, as the thread shows it (internal notes for the team, pending ones to their author). */
function visibleCommentSql(actor: Actor) {
  if (isTeamMember(actor)) return sql`${comments.deletedAt} is null`;
  const own = actor.kind === 'user' ? sql` or ${comments.authorId} = ${actor.id}` : sql``;
  return sql`(${comments.deletedAt} is null and ${comments.internal} = false and (${comments.approval} = 'approved'${own}))`;
}

/**
 * A content image the actor may see (SPEC.md §3, §6): with its post (and, for a comment's image,
 * its comment) when attached, only its owner's while not attached. Anything else reads as none.
 */
export async function getVisibleContentAttachment(db: DbOrTx, actor: Actor, id: string): Promise<AttachmentRow | undefined> {
  const owner = actor.kind === 'user' ? sql`${attachments.ownerId} = ${actor.id}` : sql`false`;
  const rows = await db
    .select({ attachment: attachments })
    .from(attachments)
    .leftJoin(posts, eq(posts.id, attachments.postId))
    .leftJoin(boards, eq(boards.id, posts.boardId))
    .leftJoin(comments, eq(comments.id, attachments.commentId))
    .where(
      and(
        eq(attachments.id, id),
        eq(attachments.kind, 'content'),
        sql`((${attachments.postId} is null and ${owner})
          or (${attachments.postId} is not null and ${visiblePostSql(actor)}
              and (${attachments.commentId} is null or ${visibleCommentSql(actor)})))`,
      ),
    )
    .limit(1);
  return rows[0]?.attachment;
}

export async function getBrandingAttachment(db: DbOrTx, id: string): Promise<AttachmentRow | undefined> {
  const rows = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.id, id), inArray(attachments.kind, ['logo', 'favicon'])))
    .limit(1);
  return rows[0];
}

export async function getAttachmentsByIds(db: DbOrTx, ids: string[], kind?: AttachmentKind): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(attachments)
    .where(and(inArray(attachments.id, ids), kind ? eq(attachments.kind, kind) : undefined));
}

/** The dimensions of the images attached to one text: a post's body (`commentId` null) or one comment. */
export async function listImagesOfText(
  db: DbOrTx,
  where: { postId: string; commentId: number | null } | { ownerId: string },
  ids: string[],
): Promise<Pick<AttachmentRow, 'id' | 'webWidth' | 'webHeight'>[]> {
  if (ids.length === 0) return [];
  const scope =
    'ownerId' in where
      ? eq(attachments.ownerId, where.ownerId)
      : and(
          eq(attachments.postId, where.postId),
          where.commentId === null ? isNull(attachments.commentId) : eq(attachments.commentId, where.commentId),
        );
  return db
    .select({ id: attachments.id, webWidth: attachments.webWidth, webHeight: attachments.webHeight })
    .from(attachments)
    .where(and(inArray(attachments.id, ids), eq(attachments.kind, 'content'), scope));
}

/**
 * Ties the images a text shows to it: the author's unattached uploads among `ids` join the post
 * (and comment); images of this same text that it no longer shows are let go (they become
 * their owner's unattached uploads again, swept like any other).
 */
export async function settleImagesOfText(
  db: DbOrTx,
  text: { postId: string; commentId: number | null; authorId: string },
  ids: string[],
): Promise<void> {
  const sameText = and(
    eq(attachments.postId, text.postId),
    text.commentId === null ? isNull(attachments.commentId) : eq(attachments.commentId, text.commentId),
  );
  const kept =
    ids.length > 0
      ? sql`${attachments.id} not in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql`true`;
  await db
    .update(attachments)
    .set({ postId: null, commentId: null, attachedAt: new Date() })
    .where(and(eq(attachments.kind, 'content'), sameText, kept));
  if (ids.length === 0) return;
  await db
    .update(attachments)
    .set({ postId: text.postId, commentId: text.commentId, attachedAt: new Date() })
    .where(
      and(
        inArray(attachments.id, ids),
        eq(attachments.kind, 'content'),
        eq(attachments.ownerId, text.authorId),
        isNull(attachments.postId),
      ),
    );
}

/** Unattached content images not touched since `before`, oldest first, locked for the sweep. */
export async function lockStaleOrphans(db: DbOrTx, before: Date, limit: number): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(attachments)
    .where(
      and(
        eq(attachments.kind, 'content'),
        isNull(attachments.postId),
        lt(sql`coalesce(${attachments.attachedAt}, ${attachments.createdAt})`, before),
      ),
    )
    .orderBy(attachments.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function deleteAttachmentRows(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(attachments).where(inArray(attachments.id, ids));
}

/**
 * What an event is about, read when its webhook deliveries are written: only fields a visitor of
 * the subject's board could see (never emails, internal notes, pending or rejected content), and
 * whether that board is private (SPEC.md §7; src/features/webhooks/README.md).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/server/db/client';

export interface PostSubjectRow {
  id: string;
  number: number;
  title: string;
  body: string;
  vote_count: number;
  comment_count: number;
  created_at: string | Date;
  board_slug: string;
  board_name: string;
  board_private: boolean;
  status_name: string | null;
  status_category: string | null;
  author_name: string | null;
  merged_into_id: string | null;
}

/**
 * A post as visitors of its board see it, or undefined when no visitor sees it: deleted, or not
 * approved. `board_private` says whether its board (or the whole workspace) needs signing in.
 */
export async function findPublishablePost(db: DbOrTx, postId: string): Promise<PostSubjectRow | undefined> {
  const [row] = await queryRows<PostSubjectRow>(
    sql`select p.id, p.number, p.title, p.body, p.vote_count, p.comment_count, p.created_at, p.merged_into_id,
          b.slug as board_slug, b.name as board_name,
          (b.visibility = 'private' or ws.access <> 'public') as board_private,
          s.name as status_name, s.category as status_category,
          case when u.deleted_at is null then u.display_name end as author_name
        from posts p
        join boards b on b.id = p.board_id
        cross join workspace_settings ws
        left join statuses s on s.id = p.status_id
        left join users u on u.id = p.author_id
        where p.id = ${postId} and ws.id = 1 and p.deleted_at is null and p.approval = 'approved'`,
    db,
  );
  return row
    ? { ...row, number: Number(row.number), vote_count: Number(row.vote_count), comment_count: Number(row.comment_count) }
    : undefined;
}

export interface CommentSubjectRow {
  id: number;
  post_id: string;
  body: string;
  created_at: string | Date;
  author_name: string | null;
}

/** A public, approved, live comment; undefined for an internal note or anything a visitor cannot read. */
export async function findPublishableComment(db: DbOrTx, commentId: number): Promise<CommentSubjectRow | undefined> {
  const [row] = await queryRows<CommentSubjectRow>(
    sql`select c.id, c.post_id, c.body, c.created_at, case when u.deleted_at is null then u.display_name end as author_name
        from comments c left join users u on u.id = c.author_id
        where c.id = ${commentId} and not c.internal and c.approval = 'approved' and c.deleted_at is null`,
    db,
  );
  return row ? { ...row, id: Number(row.id) } : undefined;
}

/** The status names of a status change and its public note. */
export async function findStatusChangeSubject(
  db: DbOrTx,
  id: number,
): Promise<{ from_name: string | null; to_name: string | null; note: string } | undefined> {
  const [row] = await queryRows<{ from_name: string | null; to_name: string | null; note: string }>(
    sql`select f.name as from_name, t.name as to_name, sc.note
        from status_changes sc
        left join statuses f on f.id = sc.from_status_id
        left join statuses t on t.id = sc.to_status_id
        where sc.id = ${id}`,
    db,
  );
  return row;
}

export interface EntrySubjectRow {
  id: string;
  slug: string;
  title: string;
  body: string;
  label: string;
  published_at: string | Date;
  workspace_private: boolean;
}

/** A published changelog entry (the changelog is public unless the workspace needs signing in). */
export async function findPublishedEntry(db: DbOrTx, entryId: string): Promise<EntrySubjectRow | undefined> {
  const [row] = await queryRows<EntrySubjectRow>(
    sql`select e.id, e.slug, e.title, e.body, e.label, e.published_at, ws.access <> 'public' as workspace_private
        from changelog_entries e cross join workspace_settings ws
        where e.id = ${entryId} and ws.id = 1 and e.state = 'published'`,
    db,
  );
  return row;
}

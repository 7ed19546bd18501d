import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/server/db/client';

/** One audit event with the people and things it names, as they are now (null: gone). */
export interface AuditEventRow {
  id: number;
  actorId: string | null;
  actorLabel: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  createdAt: Date | string;
  actorName: string | null;
  actorEmail: string | null;
  actorDeleted: boolean | null;
  userName: string | null;
  userEmail: string | null;
  userDeleted: boolean | null;
  postNumber: number | null;
  postTitle: string | null;
  postDeleted: boolean | null;
  commentId: number | string | null;
  commentDeleted: boolean | null;
  commentPostNumber: number | null;
  commentPostTitle: string | null;
  boardName: string | null;
  boardSlug: string | null;
  statusName: string | null;
  tagName: string | null;
  entryTitle: string | null;
  entrySlug: string | null;
  entryState: string | null;
  mergedNumber: number | null;
  mergedTitle: string | null;
  mergedDeleted: boolean | null;
  movedStatusName: string | null;
  voterName: string | null;
  voterEmail: string | null;
  voterDeleted: boolean | null;
  /** The API key the action was taken with, and its name now (null once its row is gone). */
  apiKeyId: string | null;
  apiKeyName: string | null;
  /** The API key an `api_key.*` event is about, by its name now. */
  targetKeyName: string | null;
}

/** A text id as a uuid, or null when it is not one (so a malformed id matches nothing instead of failing). */
const uuidOf = (text: ReturnType<typeof sql>) =>
  sql`(case when ${text} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then (${text})::uuid end)`;
const intOf = (text: ReturnType<typeof sql>) => sql`(case when ${text} ~ '^[0-9]{1,9}$' then (${text})::int end)`;

/**
 * Audit events newest first, before `beforeId`, each with what it names resolved in the same
 * statement: the actor's and a target person's current name (and whether their account is
 * deleted), the target post, comment (and its post), board, status, tag or changelog entry, and
 * the second thing some actions name (the post merged into, the status posts moved to, the
 * person a vote was cast for). The page of events is taken first, so each lookup is an index
 * probe for at most `limit` rows.
 */
export async function listAuditEventRows(db: DbOrTx, limit: number, beforeId?: number): Promise<AuditEventRow[]> {
  const target = sql`e.target_id`;
  const result = await queryRows<AuditEventRow>(
    sql`
    with page as (
      select * from audit_events
      where ${beforeId === undefined ? sql`true` : sql`id < ${beforeId}`}
      order by id desc
      limit ${limit}
    )
    select e.id::float8 as "id", e.actor_id as "actorId", e.actor_label as "actorLabel", e.action, e.target_type as "targetType",
      e.target_id as "targetId", e.before, e.after, e.ip, e.created_at as "createdAt",
      au.display_name as "actorName", au.email as "actorEmail", au.deleted_at is not null as "actorDeleted",
      tu.display_name as "userName", tu.email as "userEmail", tu.deleted_at is not null as "userDeleted",
      tp.number as "postNumber", tp.title as "postTitle", tp.deleted_at is not null as "postDeleted",
      c.id::float8 as "commentId", c.deleted_at is not null as "commentDeleted", cp.number as "commentPostNumber",
      cp.title as "commentPostTitle",
      b.name as "boardName", b.slug as "boardSlug",
      s.name as "statusName",
      t.name as "tagName",
      ce.title as "entryTitle", ce.slug as "entrySlug", ce.state as "entryState",
      mp.number as "mergedNumber", mp.title as "mergedTitle", mp.deleted_at is not null as "mergedDeleted",
      ms.name as "movedStatusName",
      ou.display_name as "voterName", ou.email as "voterEmail", ou.deleted_at is not null as "voterDeleted",
      e.api_key_id as "apiKeyId", ak.name as "apiKeyName", tk.name as "targetKeyName"
    from page e
    left join api_keys ak on ak.id = e.api_key_id
    left join api_keys tk on e.target_type = 'api_key' and tk.id = ${uuidOf(target)}
    left join users au on au.id = e.actor_id
    left join users tu on e.target_type = 'user' and tu.id = ${uuidOf(target)}
    left join posts tp on e.target_type = 'post' and tp.number = ${intOf(target)}
    left join comments c on e.target_type = 'comment' and c.id = (case when e.target_id ~ '^[0-9]{1,15}$' then e.target_id::bigint end)
    left join posts cp on cp.id = c.post_id
    left join boards b on e.target_type = 'board' and b.id = ${uuidOf(target)}
    left join statuses s on e.target_type = 'status' and s.id = ${uuidOf(target)}
    left join tags t on e.target_type = 'tag' and t.id = ${uuidOf(target)}
    left join changelog_entries ce on e.target_type = 'changelog_entry' and ce.id = ${uuidOf(target)}
    left join posts mp on e.action in ('post.merged', 'post.unmerged')
      and mp.number = ${intOf(sql`coalesce(e.after ->> 'mergedInto', e.before ->> 'mergedInto')`)}
    left join statuses ms on e.action = 'status.deleted' and ms.id = ${uuidOf(sql`e.after ->> 'movedTo'`)}
    left join users ou on e.action = 'vote.cast_on_behalf' and ou.id = ${uuidOf(sql`e.after ->> 'userId'`)}
    order by e.id desc`,
    db,
  );
  return result;
}

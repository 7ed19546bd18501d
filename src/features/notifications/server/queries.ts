/**
 * SQL for notifications: who is told (each candidate checked in one statement against the rules
 * and what they may see), the in-app list, and the digest's pending items. Events carry ids, so
 * the consumers read the post, comment or status change they are about here, as rows.
 */
import type { Locale } from '@/core/i18n/locales';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/server/db/client';
import { boards, posts } from '@/server/db/schema';
import { visiblePostForUserSql } from '@/server/identity/visibility';
import { NOTIFICATION_DEFAULTS, type NotificationKind } from '../enums';
import type { PostApproval } from '@/features/posts/enums';

export interface PostRow {
  id: string;
  number: number;
  title: string;
  body: string;
  approval: PostApproval;
  author_id: string | null;
  deleted: boolean;
}

export async function findPost(db: DbOrTx, postId: string): Promise<PostRow | undefined> {
  const [row] = await queryRows<PostRow>(
    sql`select id, number, title, body, approval, author_id, deleted_at is not null as deleted from posts where id = ${postId}`,
    db,
  );
  return row ? { ...row, number: Number(row.number) } : undefined;
}

export interface CommentRow {
  id: number;
  post_id: string;
  author_id: string | null;
  body: string;
  internal: boolean;
  approval: PostApproval;
  deleted: boolean;
}

export async function findComment(db: DbOrTx, commentId: number): Promise<CommentRow | undefined> {
  const [row] = await queryRows<CommentRow>(
    sql`select id, post_id, author_id, body, internal, approval, deleted_at is not null as deleted from comments where id = ${commentId}`,
    db,
  );
  return row ? { ...row, id: Number(row.id) } : undefined;
}

export async function findStatusChange(db: DbOrTx, id: number): Promise<{ note: string; status_name: string | null } | undefined> {
  const [row] = await queryRows<{ note: string; status_name: string | null }>(
    sql`select sc.note, s.name as status_name from status_changes sc left join statuses s on s.id = sc.to_status_id where sc.id = ${id}`,
    db,
  );
  return row;
}

/** Candidates, as a statement answering `user_id`: the post's voters and subscribers, without those who unsubscribed from it. */
export const followersOf = (postId: string): SQL => sql`
  select user_id from votes where post_id = ${postId}
    and not exists (select 1 from subscriptions s where s.post_id = ${postId} and s.user_id = votes.user_id and not s.subscribed)
  union select user_id from subscriptions where post_id = ${postId} and subscribed`;

/** Candidates: the post's subscribers only (new comments). */
export const subscribersOf = (postId: string): SQL => sql`select user_id from subscriptions where post_id = ${postId} and subscribed`;

/** Candidates: the whole team. */
export const teamMembers = (): SQL => sql`select id as user_id from users where role in ('moderator', 'admin')`;

/** Candidates: the admins. */
export const admins = (): SQL => sql`select id as user_id from users where role = 'admin'`;

/** Candidates: these people. */
export const peopleIn = (ids: readonly string[]): SQL =>
  ids.length === 0
    ? sql`select null::uuid as user_id where false`
    : sql`select user_id::uuid from (values ${sql.join(
        ids.map((id) => sql`(${id})`),
        sql`, `,
      )}) as v(user_id)`;

export interface Delivery {
  kind: NotificationKind;
  actorId: string | null;
  /** A statement answering `user_id`: who might be told, before the rules. */
  candidates: SQL;
  /** The post it is about: only people who may see it are told. */
  postId?: string;
  commentId?: number;
  statusChangeId?: number;
  entryId?: string;
  /** Team members only (internal notes, content waiting for approval). */
  teamOnly?: boolean;
  /** What the list and the email show: a snapshot of what every recipient here may see. */
  data: Record<string, string | number | null>;
  /** Whether people whose email is unconfirmed are skipped (the workspace requires confirmation). */
  confirmationRequired: boolean;
}

const pref = (kind: NotificationKind, channel: 'email' | 'in_app') =>
  sql`coalesce((select p.enabled from notification_preferences p where p.user_id = u.id and p.kind = ${kind} and p.channel = ${channel}),
    ${NOTIFICATION_DEFAULTS[kind][channel]}::boolean)`;

/**
 * Writes one notification per eligible candidate and answers who is waiting for an email. The
 * rules, for every candidate at once: never the actor; never banned or deleted people, nor
 * unconfirmed ones where confirmation is required; never anyone who may not see the post; team
 * only where asked; and only where one of their channels is on for this kind.
 */
export async function insertNotifications(db: DbOrTx, d: Delivery): Promise<{ recipientId: string; email: boolean }[]> {
  const seesPost = d.postId
    ? sql`and exists (select 1 from ${posts} join ${boards} on ${boards.id} = ${posts.boardId}
        where ${posts.id} = ${d.postId} and ${visiblePostForUserSql({ id: sql`u.id`, role: sql`u.role` })})`
    : sql``;
  const result = await queryRows<{ recipient_id: string; email_pending: boolean }>(
    sql`
    with candidates as materialized (select distinct c.user_id from (${d.candidates}) c where c.user_id is not null),
    eligible as (
      select u.id, ${pref(d.kind, 'in_app')} as in_app, ${pref(d.kind, 'email')} as email
      from candidates c join users u on u.id = c.user_id
      where u.banned_at is null and u.deleted_at is null
        ${d.confirmationRequired ? sql`and u.email_verified_at is not null` : sql``}
        ${d.actorId ? sql`and u.id <> ${d.actorId}` : sql``}
        ${d.teamOnly ? sql`and u.role in ('moderator', 'admin')` : sql``}
        ${seesPost}
    )
    insert into notifications (recipient_id, kind, actor_id, post_id, comment_id, status_change_id, entry_id, data, in_app, email_pending)
    select id, ${d.kind}::text, ${d.actorId}::uuid, ${d.postId ?? null}::uuid, ${d.commentId ?? null}::bigint,
      ${d.statusChangeId ?? null}::bigint, ${d.entryId ?? null}::text, ${JSON.stringify(d.data)}::jsonb, in_app, email
    from eligible where in_app or email
    returning recipient_id, email_pending`,
    db,
  );
  return result.map((r) => ({ recipientId: r.recipient_id, email: r.email_pending }));
}

/** The default of a kind × channel for a `kind` column (the preferences' fallback). */
const defaultFor = (kindColumn: SQL, channel: 'email' | 'in_app') =>
  sql`(case ${kindColumn} ${sql.join(
    Object.entries(NOTIFICATION_DEFAULTS).map(([kind, d]) => sql`when ${kind} then ${d[channel]}::boolean`),
    sql` `,
  )} else false end)`;

export interface RecipientRow {
  id: string;
  email: string;
  /** Their own language setting; the digest falls back to the workspace default. */
  locale: Locale | null;
  eligible: boolean;
}

/** The person a digest goes to, and whether they may still be emailed (not banned, deleted or, where required, unconfirmed). */
export async function findRecipient(db: DbOrTx, userId: string, confirmationRequired: boolean): Promise<RecipientRow | undefined> {
  const [row] = await queryRows<RecipientRow>(
    sql`select id, email, locale, (banned_at is null and deleted_at is null ${
      confirmationRequired ? sql`and email_verified_at is not null` : sql``
    }) as eligible from users where id = ${userId}`,
    db,
  );
  return row;
}

/**
 * Takes the person's notifications waiting for an email (they are marked emailed, whatever
 * happens next) and answers those that may still go out: their email channel is still on, and
 * their post is still visible to the person (the author of a rejected post is told of it).
 */
export async function takePendingEmails(
  db: DbOrTx,
  userId: string,
): Promise<{ id: number; kind: NotificationKind; data: Record<string, string | number | null> }[]> {
  // One statement: what is taken is exactly what is marked, even while new notifications arrive.
  const sendable = await queryRows<{ id: number; kind: NotificationKind; data: Record<string, string | number | null> }>(
    sql`with taken as (
        update notifications set email_pending = false, emailed_at = now()
        where recipient_id = ${userId} and email_pending
        returning id, kind, data, post_id, recipient_id)
      select t.id, t.kind, t.data from taken t join users u on u.id = t.recipient_id
      where coalesce((select p.enabled from notification_preferences p where p.user_id = u.id and p.kind = t.kind and p.channel = 'email'),
          ${defaultFor(sql`t.kind`, 'email')})
        and (t.post_id is null or t.kind = 'approval' or exists (select 1 from ${posts} join ${boards} on ${boards.id} = ${posts.boardId}
          where ${posts.id} = t.post_id and ${visiblePostForUserSql({ id: sql`u.id`, role: sql`u.role` })}))
      order by t.id`,
    db,
  );
  return sendable.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function displayNameOf(db: DbOrTx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await queryRows<{ name: string; deleted: boolean }>(
    sql`select display_name as name, deleted_at is not null as deleted from users where id = ${userId}`,
    db,
  );
  return row && !row.deleted ? row.name : null;
}

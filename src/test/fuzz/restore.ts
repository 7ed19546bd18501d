/**
 * The one statement that puts the fuzzer's fixture back (src/test/fuzz/fixture.ts): data-modifying
 * CTEs, so a repair costs one round trip. Each part writes only rows that differ, and the answer
 * counts them. Test-only.
 */
import { sql, type SQL } from 'drizzle-orm';

export interface FixtureSnapshot {
  users: { id: string; role: string; email: string; display_name: string; password_hash: string | null }[];
  sessions: { token_hash: string; user_id: string }[];
  settings: { access: string; moderation: string; signupPolicy: string; emailConfirmation: string };
  boards: { id: string; slug: string; name: string; description: string; visibility: string; posting: string; archived: boolean }[];
  /** Granted to nobody. */
  privateBoardId: string;
  posts: { id: string; board_id: string; author_id: string | null; title: string; body: string; approval: string; deleted: boolean }[];
  comments: { id: number; post_id: string; body: string; internal: boolean; approval: string; deleted: boolean }[];
  /** The draft changelog entry, whose title and body are `text`. */
  draft: { id: string; slug: string; text: string; authorId: string };
}

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

export function restoreStatement(s: FixtureSnapshot): SQL {
  return sql`
    with
    u as (
      update users set role = v.role, email = v.email, display_name = v.display_name, password_hash = v.password_hash,
        banned_at = null, deleted_at = null, email_verified_at = coalesce(users.email_verified_at, now())
      from jsonb_to_recordset(${json(s.users)}) as v(id uuid, role text, email text, display_name text, password_hash text)
      where users.id = v.id
        and (users.role, users.email, users.display_name, users.password_hash, users.banned_at, users.deleted_at)
          is distinct from (v.role, v.email, v.display_name, v.password_hash, null::timestamptz, null::timestamptz)
      returning 1),
    s as (
      insert into sessions (token_hash, user_id, expires_at)
      select v.token_hash, v.user_id, now() + interval '30 days'
      from jsonb_to_recordset(${json(s.sessions)}) as v(token_hash text, user_id uuid)
      on conflict (token_hash) do nothing
      returning 1),
    w as (
      update workspace_settings set access = ${s.settings.access}, moderation = ${s.settings.moderation},
        signup_policy = ${s.settings.signupPolicy}, email_confirmation = ${s.settings.emailConfirmation}
      where id = 1 and (access, moderation, signup_policy, email_confirmation)
        is distinct from (${s.settings.access}, ${s.settings.moderation}, ${s.settings.signupPolicy}, ${s.settings.emailConfirmation})
      returning 1),
    b as (
      update boards set slug = v.slug, name = v.name, description = v.description, visibility = v.visibility, posting = v.posting,
        archived_at = case when v.archived then coalesce(boards.archived_at, now()) end
      from jsonb_to_recordset(${json(s.boards)}) as v(id uuid, slug text, name text, description text, visibility text, posting text, archived boolean)
      where boards.id = v.id
        and (boards.slug, boards.name, boards.description, boards.visibility, boards.posting, boards.archived_at is not null)
          is distinct from (v.slug, v.name, v.description, v.visibility, v.posting, v.archived)
      returning 1),
    bm as (delete from board_members where board_id = ${s.privateBoardId} returning 1),
    p as (
      update posts set board_id = v.board_id, author_id = v.author_id, title = v.title, body = v.body, approval = v.approval,
        deleted_at = case when v.deleted then coalesce(posts.deleted_at, now()) end
      from jsonb_to_recordset(${json(s.posts)}) as v(id uuid, board_id uuid, author_id uuid, title text, body text, approval text, deleted boolean)
      where posts.id = v.id
        and (posts.board_id, posts.author_id, posts.title, posts.body, posts.approval, posts.deleted_at is not null)
          is distinct from (v.board_id, v.author_id, v.title, v.body, v.approval, v.deleted)
      returning 1),
    c as (
      update comments set post_id = v.post_id, body = v.body, internal = v.internal, approval = v.approval,
        deleted_at = case when v.deleted then coalesce(comments.deleted_at, now()) end
      from jsonb_to_recordset(${json(s.comments)}) as v(id bigint, post_id uuid, body text, internal boolean, approval text, deleted boolean)
      where comments.id = v.id
        and (comments.post_id, comments.body, comments.internal, comments.approval, comments.deleted_at is not null)
          is distinct from (v.post_id, v.body, v.internal, v.approval, v.deleted)
      returning 1),
    e as (
      insert into changelog_entries (id, slug, title, body, label, state, author_id)
      values (${s.draft.id}, ${s.draft.slug}, ${s.draft.text}, ${s.draft.text}, 'new', 'draft', ${s.draft.authorId})
      on conflict (id) do update set slug = excluded.slug, title = excluded.title, body = excluded.body, state = 'draft',
        published_at = null, scheduled_for = null
      where (changelog_entries.slug, changelog_entries.title, changelog_entries.body, changelog_entries.state, changelog_entries.scheduled_for)
        is distinct from (excluded.slug, excluded.title, excluded.body, 'draft', null::timestamptz)
      returning 1),
    j as (delete from jobs where payload::text like ${`%${s.draft.id}%`} returning 1)
    select (select count(*) from u) + (select count(*) from s) + (select count(*) from w) + (select count(*) from b)
      + (select count(*) from bm) + (select count(*) from p) + (select count(*) from c) + (select count(*) from e)
      + (select count(*) from j) as repaired`;
}

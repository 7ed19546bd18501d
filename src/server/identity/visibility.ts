/**
 * What an actor may see, as SQL conditions: the server side of the pure policies in
 * src/core/identity/policy.ts (canReadBoard and the post rules of SPEC.md §4 and §6). Every
 * query that reads boards or posts — and every reference from one post to another — is scoped
 * through these, so one rule decides for the page, the API, counts and lists alike.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isTeamMember } from '@/core/identity/policy';
import { boardMembers, boards, posts } from '@/server/db/schema';
import type { Actor } from './actor';

/**
 * A condition on `boards` that holds for the boards this actor may see: the team sees every
 * board; a member sees public boards and the private boards granted to them; a visitor sees
 * public boards. Hidden boards answer 404, so their existence does not leak.
 */
export function visibleBoardSql(actor: Actor): SQL {
  if (isTeamMember(actor)) return sql`true`;
  if (actor.kind === 'user') {
    return sql`(${boards.visibility} = 'public' or exists (select 1 from ${boardMembers} bm where bm.board_id = ${boards.id} and bm.user_id = ${actor.id}))`;
  }
  return sql`${boards.visibility} = 'public'`;
}

/**
 * A condition on `posts` (joined with `boards`) that holds for the posts this actor may see: its
 * board is visible, it is not deleted, and it is approved, or it is pending and the actor is its
 * author or on the team. Rejected posts are seen by the team only.
 */
export function visiblePostSql(actor: Actor): SQL {
  const approval = isTeamMember(actor)
    ? sql`true`
    : actor.kind === 'user'
      ? sql`(${posts.approval} = 'approved' or (${posts.approval} = 'pending' and ${posts.authorId} = ${actor.id}))`
      : sql`${posts.approval} = 'approved'`;
  return sql`(${posts.deletedAt} is null and ${approval} and ${visibleBoardSql(actor)})`;
}

/**
 * What lists (boards, home, counts) show of the visible posts: approved posts, and a member's
 * own pending posts (marked as such). Rejected and other people's pending posts stay out of lists
 * even for the team: those live in the inbox.
 */
export function listedPostSql(actor: Actor): SQL {
  const own = actor.kind === 'user' ? sql` or (${posts.approval} = 'pending' and ${posts.authorId} = ${actor.id})` : sql``;
  return sql`(${posts.approval} = 'approved'${own})`;
}

/**
 * `visiblePostSql` for many readers in one statement (a notification's recipients): the same
 * rules, with the reader's id and role taken from columns (`user.id`, `user.role`) of a users row
 * joined in the query. A condition on `posts` joined with `boards`.
 */
export function visiblePostForUserSql(user: { id: SQL; role: SQL }): SQL {
  const team = sql`${user.role} in ('moderator', 'admin')`;
  const approval = sql`(${team} or ${posts.approval} = 'approved' or (${posts.approval} = 'pending' and ${posts.authorId} = ${user.id}))`;
  const granted = sql`exists (select 1 from ${boardMembers} bm where bm.board_id = ${boards.id} and bm.user_id = ${user.id})`;
  const board = sql`(${team} or ${boards.visibility} = 'public' or ${granted})`;
  return sql`(${posts.deletedAt} is null and ${approval} and ${board})`;
}

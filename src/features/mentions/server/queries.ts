/**
 * SQL for mention suggestions. Only people who are neither banned nor deleted are read, and
 * never their email addresses.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isTeamMember } from '@/core/identity/policy';
import { queryRows, type DbOrTx } from '@/server/db/client';
import type { Actor } from '@/server/identity/actor';
import { MENTION_SUGGESTIONS_MAX } from '../schema';
import type { BoardVisibility } from '@/features/boards/enums';
import type { PostApproval } from '@/features/posts/enums';

export interface SuggestionRow {
  id: string;
  displayName: string;
  avatarUrl: string | null;
}

/** The post a suggestion is for, as its lookup read it. */
export interface MentionPost {
  id: string;
  authorId: string | null;
  approval: PostApproval;
  boardId: string;
  boardVisibility: BoardVisibility;
}

const TEAM = sql`u.role in ('moderator', 'admin')`;

/** `u.display_name` starts with `q`, or one of its words does (case-insensitive; `%` and `_` are literal). */
function nameMatches(q: string): SQL {
  if (!q) return sql`true`;
  const pattern = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(lower(u.display_name) like ${pattern} escape '\\' or lower(u.display_name) like ${`% ${pattern}`} escape '\\')`;
}

/**
 * Whether person `u` may see the post (the rule of visiblePostSql, for them): the team sees it;
 * anyone else only when its board is public or granted to them, and it is approved (or pending
 * and theirs). Deleted posts are never looked up.
 */
function personSeesPost(post: MentionPost): SQL {
  const board =
    post.boardVisibility === 'public'
      ? sql`true`
      : sql`exists (select 1 from board_members bm where bm.board_id = ${post.boardId}::uuid and bm.user_id = u.id)`;
  const approval = post.approval === 'approved' ? sql`true` : post.approval === 'pending' ? sql`u.id = ${post.authorId}::uuid` : sql`false`;
  return sql`(${TEAM} or (${board} and ${approval}))`;
}

/**
 * Whether `u` took part in the post as the viewer may see it: its author, or the author of a
 * live comment the viewer can read (internal notes and others' pending comments only for the team).
 */
function tookPart(post: MentionPost, viewer: Actor): SQL {
  const readable = isTeamMember(viewer)
    ? sql`true`
    : sql`(c.internal = false and (c.approval = 'approved' or c.author_id = ${viewer.kind === 'user' ? viewer.id : null}::uuid))`;
  return sql`(u.id = ${post.authorId}::uuid or exists (select 1 from comments c
    where c.post_id = ${post.id}::uuid and c.author_id = u.id and c.deleted_at is null and ${readable}))`;
}

/** `first`: those who come before the rest (the participants). */
async function select(db: DbOrTx, viewer: Actor, q: string, candidates: SQL, first?: SQL): Promise<SuggestionRow[]> {
  const self = viewer.kind === 'user' ? sql`u.id <> ${viewer.id}::uuid` : sql`true`;
  const result = await queryRows<SuggestionRow>(
    sql`
    select u.id, u.display_name as "displayName", u.avatar_url as "avatarUrl"
    from users u
    where u.deleted_at is null and u.banned_at is null and ${self} and ${nameMatches(q)} and ${candidates}
    order by ${first ? sql`${first} desc, ` : sql``}lower(u.display_name), u.id
    limit ${MENTION_SUGGESTIONS_MAX}`,
    db,
  );
  return result;
}

/**
 * People to suggest for a mention in a post or one of its comments: those who took part (as the
 * viewer sees it) and may see the post, then the team. For an internal note, the team only.
 */
export function postSuggestionRows(db: DbOrTx, viewer: Actor, post: MentionPost, q: string, internal: boolean) {
  if (internal) return select(db, viewer, q, TEAM);
  const participant = tookPart(post, viewer);
  return select(db, viewer, q, sql`(${TEAM} or (${participant} and ${personSeesPost(post)}))`, participant);
}

/** People to suggest on a board where nothing has been posted yet: the team (who see every board). */
export function teamSuggestionRows(db: DbOrTx, viewer: Actor, q: string) {
  return select(db, viewer, q, TEAM);
}

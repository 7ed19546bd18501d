/**
 * Mention suggestions: the people the editor offers after `@` (src/features/mentions/README.md,
 * "Suggestions"). Everyone suggested may see what is being written about: someone who cannot read
 * the post is never offered, and so a mention never points at a person it cannot reach.
 */
import { inArray } from 'drizzle-orm';
import { DELETED_PERSON_NAME } from '@/core/identity/person';
import type { MentionSuggestion } from '@/core/mentions';
import { mentionNodes } from '@/lib/markdown-tree';
import { users } from '@/server/db/schema';
import { getVisibleBoard } from '@/features/boards/server/access-service';
import { getPostContext } from '@/features/posts/server/access-service';
import { db } from '@/server/db/client';
import type { UserActor } from '@/server/identity/actor';
import { postSuggestionRows, teamSuggestionRows, type SuggestionRow } from './queries';

const present = (rows: SuggestionRow[]): MentionSuggestion[] =>
  rows.map((r) => ({ id: r.id, displayName: r.displayName, avatarUrl: r.avatarUrl ?? null }));

/**
 * For a post or a comment on post `number` (NOT_FOUND when the viewer cannot see it): people who
 * took part in it as the viewer sees it (its author, the authors of the comments they can read)
 * and who may see it themselves, then the team. `internal`: for an internal note, the team only.
 * Never the viewer, nor banned or deleted people.
 */
export async function suggestForPost(viewer: UserActor, number: number, q: string, internal: boolean): Promise<MentionSuggestion[]> {
  const ctx = await getPostContext(db(), viewer, number);
  const post = {
    id: ctx.post.id,
    authorId: ctx.post.authorId,
    approval: ctx.post.approval,
    boardId: ctx.board.id,
    boardVisibility: ctx.board.visibility,
  };
  return present(await postSuggestionRows(db(), viewer, post, q, internal));
}

/** For a new post on board `slug` (NOT_FOUND when hidden): the team, who see every board. */
export async function suggestForBoard(viewer: UserActor, slug: string, q: string): Promise<MentionSuggestion[]> {
  await getVisibleBoard(db(), viewer, slug);
  return present(await teamSuggestionRows(db(), viewer, q));
}

/**
 * Shows each mention in these rendered trees under the person's current display name, and a
 * deleted account as "Deleted user" (SPEC.md §4: their personal data is erased), in one read.
 * A mention of an id that belongs to nobody keeps the name written in it. Changes the trees.
 */
export async function showCurrentMentionNames(docs: readonly unknown[]): Promise<void> {
  const nodes = mentionNodes(docs);
  if (nodes.length === 0) return;
  const ids = [...new Set(nodes.map((n) => n.id))];
  const people = await db()
    .select({ id: users.id, displayName: users.displayName, deletedAt: users.deletedAt })
    .from(users)
    .where(inArray(users.id, ids));
  const names = new Map(people.map((p) => [p.id, p.deletedAt ? DELETED_PERSON_NAME : p.displayName]));
  for (const node of nodes) node.v = names.get(node.id) ?? node.v;
}

/**
 * Mention suggestions: the people the editor offers after `@` (docs/architecture.md,
 * "Mentions"). Everyone suggested may see what is being written about: someone who cannot read
 * the post is never offered, and so a mention never points at a person it cannot reach.
 */
import type { MentionSuggestion } from '@/core/mentions';
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

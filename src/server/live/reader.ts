/**
 * Who a stream belongs to and what it asked for, and the one rule that decides whether a signal
 * may reach it. The rule mirrors the REST API's (src/server/identity/visibility.ts for boards and
 * posts, the comments' reads for internal notes and pending comments): a private board's signals
 * reach only the readers it is visible to, a pending post's only the team and its author, a
 * rejected post's only the team, an internal note's only the team, and a pending comment's only
 * the team and its author.
 */
import type { StoredSignal } from './signal';

export interface LiveReader {
  /** The signed-in reader's id, or null for a visitor. */
  userId: string | null;
  /** Moderators and admins. */
  team: boolean;
  /** Ids of the boards this reader may see (re-read while the stream is open). */
  boards: ReadonlySet<string>;
  topics: LiveTopics;
}

export interface LiveTopics {
  /** Post numbers: every kind of signal about them. */
  posts: ReadonlySet<number>;
  /** Board ids: vote counts and post changes (status, merge, approval) on them. */
  boards: ReadonlySet<string>;
  /** The roadmap: vote counts and post changes on every board the reader may see. */
  roadmap: boolean;
}

function mayReadPost(reader: LiveReader, s: StoredSignal): boolean {
  if (s.deleted || !reader.boards.has(s.board)) return false;
  if (reader.team || s.approval === 'approved') return true;
  return s.approval === 'pending' && reader.userId !== null && s.author === reader.userId;
}

function mayReadComment(reader: LiveReader, c: NonNullable<StoredSignal['comment']>): boolean {
  if (reader.team) return true;
  if (c.internal || c.deleted) return false;
  return c.approval === 'approved' || (reader.userId !== null && c.author === reader.userId);
}

/** Whether this signal goes to this reader: it asked for its topic, and may see its subject. */
export function wantsSignal(reader: LiveReader, s: StoredSignal): boolean {
  const asked = reader.topics.posts.has(s.post) || (s.kind !== 'comment' && (reader.topics.roadmap || reader.topics.boards.has(s.board)));
  if (!asked || !mayReadPost(reader, s)) return false;
  if (s.kind === 'comment') return s.comment !== null && mayReadComment(reader, s.comment);
  return true;
}

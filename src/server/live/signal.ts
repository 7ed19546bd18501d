/**
 * Live-update signals (src/server/live/README.md): small "something changed" notes
 * with ids, published when a change commits and sent over /api/v1/events to the readers who may
 * see their subject. A signal never carries content: a reader's page fetches what changed through
 * the normal API, which applies its visibility rules again. Besides the post's number (and the
 * vote count, which anyone who may see the post sees), a stored signal holds the facts readers
 * are filtered by: the board, the post's approval and author, and a comment's audience.
 */
import { z } from 'zod';
import { POST_APPROVAL } from '@/features/posts/enums';

export const LIVE_KINDS = ['votes', 'post', 'comment'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

const approval = z.enum(POST_APPROVAL);

export const storedSignalSchema = z.object({
  kind: z.enum(LIVE_KINDS),
  post: z.number().int().positive(),
  board: z.string(),
  approval,
  author: z.string().nullable(),
  deleted: z.boolean(),
  votes: z.number().int().nonnegative(),
  comment: z
    .object({ id: z.number().int().positive(), internal: z.boolean(), approval, author: z.string().nullable(), deleted: z.boolean() })
    .nullable(),
});
export type StoredSignal = z.infer<typeof storedSignalSchema>;

export interface LiveEvent {
  id: number;
  signal: StoredSignal;
}

/** What a reader receives as an event's data: the post's number, and the count or the comment's id. */
export interface LiveMessage {
  post: number;
  votes?: number;
  comment?: number;
}

export function messageOf(signal: StoredSignal): LiveMessage {
  if (signal.kind === 'votes') return { post: signal.post, votes: signal.votes };
  if (signal.kind === 'comment' && signal.comment) return { post: signal.post, comment: signal.comment.id };
  return { post: signal.post };
}

/** Parses a signal from the table or a notification; undefined when it is not one (never throws). */
export function parseLiveEvent(value: unknown): LiveEvent | undefined {
  const row = z.object({ id: z.coerce.number().int().positive(), signal: storedSignalSchema }).safeParse(value);
  return row.success ? row.data : undefined;
}

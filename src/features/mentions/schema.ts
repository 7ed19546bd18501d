/** Mention suggestions (SPEC.md §7 "Mentions"): what the editor asks for and what it gets. */
import { z } from 'zod';
import { MENTION_QUERY_MAX } from '@/core/mentions';
import { boardParams } from '@/features/boards/schema';
import { postNumberParam } from '@/features/posts/schema';

/** At most this many people are suggested at once. */
export const MENTION_SUGGESTIONS_MAX = 8;

const nameFragment = z
  .string()
  .max(MENTION_QUERY_MAX)
  .default('')
  .transform((v) => v.replace(/\s+/g, ' ').trim())
  .describe('The start of a display name, or of a word in it (case-insensitive). Empty: the first suggestions.');

/** GET /api/v1/posts/{number}/mention-suggestions?q=&context= */
export const postMentionQuery = z.object({
  number: postNumberParam,
  q: nameFragment,
  context: z
    .enum(['comment', 'internal'])
    .default('comment')
    .describe('What is being written: a post or public comment (`comment`), or an internal note (`internal`: the team only).'),
});

/** GET /api/v1/boards/{board}/mention-suggestions?q= (a new post: it has no participants yet). */
export const boardMentionQuery = boardParams.extend({ q: nameFragment });

/** A person the editor may mention: never an email address. */
export const mentionSuggestionSchema = z
  .object({ id: z.uuid(), displayName: z.string(), avatarUrl: z.string().nullable() })
  .meta({ id: 'MentionSuggestion' });
export const mentionSuggestionListSchema = z.object({ items: z.array(mentionSuggestionSchema) });

import { z } from 'zod';
import { onBehalfOfSchema } from '@/features/members/schema';
import type { MdDoc } from '@/lib/markdown-tree';
import { authorSchema } from '@/features/posts/schema';

/** Markdown, 1–5,000 characters (SPEC.md §5). */
export const commentBodySchema = z
  .string({ message: 'Write a comment' })
  .max(5_000, 'Comments are at most 5,000 characters')
  .refine((v) => v.trim().length > 0, 'Write a comment');

export const commentInput = z.object({
  body: commentBodySchema,
  /** A team-only note (moderators and admins). */
  internal: z.boolean().default(false),
  /** API keys with the write or admin scope: the customer who becomes the comment's author (not for internal notes). */
  onBehalfOf: onBehalfOfSchema.optional(),
});
export type CommentInput = z.infer<typeof commentInput>;
export const commentUpdateInput = z.object({ body: commentBodySchema });
export const commentParams = z.object({ id: z.coerce.number().int().positive().describe('The comment’s id.') });

export const commentSchema = z
  .object({
    id: z.number().int(),
    postNumber: z.number().int(),
    author: authorSchema,
    /** Markdown source; null once deleted. */
    body: z.string().nullable(),
    internal: z.boolean(),
    createdAt: z.string(),
    editedAt: z.string().nullable(),
    deleted: z.boolean(),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof commentSchema>;
/** GET /api/v1/posts/[number]/comments. */
export const commentListSchema = z.object({ items: z.array(commentSchema) });

/** A comment as the post page shows it: rendered, with what the viewer may do to it. */
export interface CommentView extends Comment {
  /** The rendered body; null once deleted. */
  bodyDoc: MdDoc | null;
  canEdit: boolean;
  canDelete: boolean;
}

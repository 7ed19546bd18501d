import { z } from 'zod';
import { colourSchema } from '@/features/settings/schema';
import { shortNameSchema } from '@/features/statuses/schema';

/** At most 10 tags per post (SPEC.md §5). */
export const MAX_TAGS_PER_POST = 10;

export const tagInput = z.object({
  name: shortNameSchema,
  color: colourSchema.transform((c) => c.toLowerCase()).default('#64748b'),
});
export type TagInput = z.infer<typeof tagInput>;
export const tagUpdateInput = tagInput.partial();

export const tagSchema = z.object({ id: z.uuid(), name: z.string(), color: z.string(), postCount: z.number().int() });
export type Tag = z.infer<typeof tagSchema>;
export const tagRefSchema = tagSchema.pick({ id: true, name: true, color: true });
export type TagRef = z.infer<typeof tagRefSchema>;

/** A post's tags, set as a whole by the team. */
export const postTagsInput = z.object({
  tagIds: z
    .array(z.uuid())
    .max(MAX_TAGS_PER_POST, `A post has at most ${MAX_TAGS_PER_POST} tags`)
    .transform((ids) => [...new Set(ids)]),
});

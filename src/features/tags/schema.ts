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
/** A partial change; no defaults here, so a rename never resets the colour. */
export const tagUpdateInput = z.object({
  name: tagInput.shape.name.optional(),
  color: colourSchema.transform((c) => c.toLowerCase()).optional(),
});
export type TagUpdateInput = z.infer<typeof tagUpdateInput>;

export const tagSchema = z.object({ id: z.uuid(), name: z.string(), color: z.string(), postCount: z.number().int() }).meta({ id: 'Tag' });
export type Tag = z.infer<typeof tagSchema>;
/** The short form posts carry. */
export const tagRefSchema = tagSchema.pick({ id: true, name: true, color: true }).meta({ id: 'TagRef' });
export type TagRef = z.infer<typeof tagRefSchema>;
export const tagListSchema = z.object({ items: z.array(tagSchema) });
/** DELETE /api/v1/tags/[id]: the tag deleted, and how many posts lost it. */
export const tagDeletedSchema = z.object({ id: z.uuid(), removedFromPosts: z.number().int() });
export type TagDeleted = z.infer<typeof tagDeletedSchema>;
/** PATCH and DELETE /api/v1/tags/[id]. */
export const tagParams = z.object({ id: z.uuid({ message: 'Not a tag id' }).describe('The tag’s id.') });

/** A post's tags, set as a whole by the team. */
export const postTagsInput = z.object({
  tagIds: z
    .array(z.uuid({ message: 'Choose tags from the list' }), { message: 'Give a list of tags' })
    // Duplicates are dropped first, so the limit counts distinct tags.
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
    .pipe(z.array(z.string()).max(MAX_TAGS_PER_POST, `A post has at most ${MAX_TAGS_PER_POST} tags`)),
});

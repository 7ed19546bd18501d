import { z } from 'zod';
import { colourSchema } from '@/features/settings/schema';
import { STATUS_CATEGORIES } from './enums';

// The enumerations live in enums.ts (no zod), re-exported here for the server and the forms.
export { STATUS_CATEGORIES, isVotingOpenCategory, type StatusCategory } from './enums';

/** Tag and status names: 1–30 characters, unique without regard to case (SPEC.md §5). */
export const shortNameSchema = z
  .string({ message: 'Enter a name' })
  .transform((v) => v.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, 'Enter a name')
      .max(30, 'Names are at most 30 characters')
      .refine((v) => !/[\u0000-\u001f\u007f-\u009f]/.test(v), 'Names cannot contain control characters'),
  );

export const statusInput = z.object({
  name: shortNameSchema,
  color: colourSchema.transform((c) => c.toLowerCase()),
  category: z.enum(STATUS_CATEGORIES, { message: 'Choose a category' }),
  onRoadmap: z.boolean().default(false),
});
export type StatusInput = z.infer<typeof statusInput>;
/** A partial change; no defaults here, so a rename never resets the roadmap flag. */
export const statusUpdateInput = z.object({
  name: statusInput.shape.name.optional(),
  color: statusInput.shape.color.optional(),
  category: statusInput.shape.category.optional(),
  onRoadmap: z.boolean().optional(),
});
export type StatusUpdateInput = z.infer<typeof statusUpdateInput>;
export const statusReorderInput = z.object({ ids: z.array(z.uuid()).min(1).max(100) });
/** Deleting a status that posts use moves them to another status first. */
export const statusDeleteQuery = z.object({
  id: z.uuid().describe('The status’s id.'),
  moveTo: z.uuid().optional().describe('The status to move the posts that use this one to; needed when any do.'),
});
/** PATCH /api/v1/statuses/[id]. */
export const statusParams = z.object({ id: z.uuid({ message: 'Not a status id' }).describe('The status’s id.') });

export const statusSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    color: z.string(),
    category: z.enum(STATUS_CATEGORIES),
    position: z.number().int(),
    onRoadmap: z.boolean(),
    postCount: z.number().int(),
  })
  .meta({ id: 'Status' });
export type Status = z.infer<typeof statusSchema>;
export const statusListSchema = z.object({ items: z.array(statusSchema) });
/** DELETE /api/v1/statuses/[id]: the status deleted, and how many posts moved to another. */
export const statusDeletedSchema = z.object({ id: z.uuid(), movedPosts: z.number().int() });
export type StatusDeleted = z.infer<typeof statusDeletedSchema>;
/** The short form posts carry. */
export const statusRefSchema = statusSchema
  .pick({ id: true, slug: true, name: true, color: true, category: true })
  .meta({ id: 'StatusRef' });
export type StatusRef = z.infer<typeof statusRefSchema>;

/** One entry of a post's history (SPEC.md §3 "status change"): who moved it where, with the public note (Markdown). */
export const statusChangeSchema = z
  .object({
    id: z.number().int(),
    from: statusRefSchema.nullable(),
    to: statusRefSchema.nullable(),
    by: z.object({ id: z.uuid().nullable(), displayName: z.string() }).nullable(),
    note: z.string(),
    at: z.string(),
  })
  .meta({ id: 'StatusChange' });
export type StatusChange = z.infer<typeof statusChangeSchema>;
/** The answer to a post's status change: its status now, and the history entry written (null when nothing changed). */
export const postStatusResultSchema = z.object({ status: statusRefSchema.nullable(), change: statusChangeSchema.nullable() });
export type PostStatusResult = z.infer<typeof postStatusResultSchema>;

/**
 * Changelog shapes (SPEC.md §3, §5): the same schemas validate the API, drive the editor and type
 * the code.
 */
import { z } from 'zod';
import { textPrefix, type MdDoc } from '@/lib/markdown-tree';
import { POST_NUMBER_MAX } from '@/features/posts/schema';
import { CHANGELOG_STATES } from './enums';

/** SPEC.md §9. */
export const CHANGELOG_PAGE_SIZE = 20;
export const CHANGELOG_MAX_PAGE_SIZE = 100;
/** At most this many posts linked to one entry. */
export const MAX_LINKED_POSTS = 50;

/** SPEC.md §5: trimmed, inner whitespace collapsed, 4–120 characters. */
export const entryTitleSchema = z
  .string({ message: 'Enter a title' })
  .transform((v) => v.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(4, 'Titles need at least 4 characters')
      .max(120, 'Titles are at most 120 characters')
      .refine((v) => !/[\u0000-\u001f\u007f-\u009f]/.test(v), 'Titles cannot contain control characters'),
  );
/** SPEC.md §5: Markdown, at most 50,000 characters. */
export const entryBodySchema = z.string().max(50_000, 'The text is at most 50,000 characters');

const labelSlugSchema = z.string({ message: 'Choose a label' }).trim().min(1, 'Choose a label').max(40, 'Choose a label');

/** A draft's fields; `publishStatusId` is the done-category status its linked posts move to when it is published (null: they keep theirs). */
export const entryInput = z.object({
  title: entryTitleSchema,
  body: entryBodySchema.default(''),
  label: labelSlugSchema,
  postNumbers: z
    .array(z.number({ message: 'Choose posts from the list' }).int().positive().max(POST_NUMBER_MAX, 'Choose posts from the list'), {
      message: 'Give a list of posts',
    })
    .transform((ns) => [...new Set(ns)])
    .pipe(z.array(z.number()).max(MAX_LINKED_POSTS, `An entry links at most ${MAX_LINKED_POSTS} posts`))
    .default([]),
  publishStatusId: z.uuid({ message: 'Choose a status' }).nullable().default(null),
});
export type EntryInput = z.infer<typeof entryInput>;

/** A partial change: only the fields given change. */
export const entryUpdateInput = z.object({
  title: entryTitleSchema.optional(),
  body: entryBodySchema.optional(),
  label: labelSlugSchema.optional(),
  postNumbers: entryInput.shape.postNumbers.optional(),
  publishStatusId: z.uuid({ message: 'Choose a status' }).nullable().optional(),
});
export type EntryUpdateInput = z.infer<typeof entryUpdateInput>;

/** A publication at a future time. */
export const scheduleInput = z.object({
  at: z.iso.datetime({ offset: true, message: 'Give a date and time' }).transform((v) => new Date(v)),
});

export const labelInput = z.object({
  name: z
    .string({ message: 'Enter a name' })
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, 'Enter a name').max(30, 'Label names are at most 30 characters')),
});

export const entryIdParams = z.object({ id: z.uuid({ message: 'Not an entry id' }).describe('The entry’s id.') });
export const entrySlugParams = z.object({
  slug: z.string().trim().min(1).max(80).describe('The published entry’s slug, as in its address.'),
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** The public list's query: the label filter lives in the URL (SPEC.md §2). */
export const entryListQuery = z.object({
  label: optionalText(40).describe('Only entries with this label (its slug).'),
  cursor: optionalText(400).describe('Where the next page starts: the `nextCursor` of the page before.'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CHANGELOG_MAX_PAGE_SIZE)
    .default(CHANGELOG_PAGE_SIZE)
    .describe(`Entries per page (at most ${CHANGELOG_MAX_PAGE_SIZE}).`),
});
export type EntryListQuery = z.infer<typeof entryListQuery>;

export const labelSchema = z.object({ slug: z.string(), name: z.string() }).meta({ id: 'ChangelogLabel' });
export type ChangelogLabel = z.infer<typeof labelSchema>;
export const labelListSchema = z.object({ items: z.array(labelSchema) });

/** A linked post as its reader may see it (others are left out). */
export const linkedPostSchema = z.object({ number: z.number().int(), title: z.string(), slug: z.string() });
export type LinkedPost = z.infer<typeof linkedPostSchema>;

/** A published entry, as the public list and the API show it. */
export const publishedEntrySchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    body: z.string(),
    excerpt: z.string(),
    label: labelSchema,
    publishedAt: z.string(),
    updatedAt: z.string(),
    posts: z.array(linkedPostSchema),
  })
  .meta({ id: 'ChangelogEntry' });
export type PublishedEntry = z.infer<typeof publishedEntrySchema>;
export const publishedEntryPageSchema = z.object({ items: z.array(publishedEntrySchema), nextCursor: z.string().nullable() });
export type PublishedEntryPage = z.infer<typeof publishedEntryPageSchema>;

/** An entry as the team edits it. */
export const teamEntrySchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    body: z.string(),
    label: labelSchema,
    state: z.enum(CHANGELOG_STATES),
    publishedAt: z.string().nullable(),
    scheduledFor: z.string().nullable(),
    publishStatusId: z.string().nullable(),
    author: z.string().nullable(),
    posts: z.array(linkedPostSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ChangelogTeamEntry' });
export type TeamEntry = z.infer<typeof teamEntrySchema>;
export const teamEntryListSchema = z.object({ items: z.array(teamEntrySchema) });
/** The answer to a publication: the entry, and how many linked posts moved to its status. */
export const publishedTeamEntrySchema = teamEntrySchema.extend({ postsMoved: z.number().int() });
export type PublishedTeamEntry = z.infer<typeof publishedTeamEntrySchema>;
export const deletedEntrySchema = z.object({ id: z.uuid() });
/** Whether the signed-in person follows the changelog. */
export const changelogSubscriptionSchema = z.object({ subscribed: z.boolean() });
export type ChangelogSubscription = z.infer<typeof changelogSubscriptionSchema>;

/** A published entry with its body rendered, for the pages. */
export type RenderedEntry = PublishedEntry & { bodyDoc: MdDoc };

/** What the post page shows: the published entries that shipped a post. */
export interface ShippedIn {
  slug: string;
  title: string;
  publishedAt: string;
}

/** A plain-text excerpt of Markdown: markup characters dropped, whitespace collapsed, at most `max` characters. */
export function entryExcerpt(body: string, max = 200): string {
  const text = body
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_>#~|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${textPrefix(text, max - 1).trimEnd()}…` : text;
}

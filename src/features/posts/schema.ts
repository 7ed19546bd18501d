import { z } from 'zod';
import { onBehalfOfSchema } from '@/features/members/schema';
import type { MdBlock, MdDoc, MdInline } from '@/lib/markdown-tree';
import { slugify } from '@/lib/slug';
import { statusRefSchema, type StatusRef } from '@/features/statuses/schema';
import { tagRefSchema } from '@/features/tags/schema';

import { APPROVAL_DECISIONS, CLOSED_MODES, POST_APPROVAL, POST_SORTS } from './enums';

// The enumerations live in enums.ts (no zod), re-exported here for the server and the forms.
export { etaLabel, POST_APPROVAL, POST_SORTS, pageClosedMode, type ClosedMode, type PostApproval, type PostSort } from './enums';

/** The decorative slug of a post's URL (`/p/42-dark-mode`); the number alone decides. */
export const postSlug = (title: string): string => slugify(title);

/** SPEC.md §9. */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

// SPEC.md §5. The same schemas validate the API, drive the forms and type the code.
/** Trimmed, inner whitespace collapsed, 4–120 characters. */
export const postTitleSchema = z
  .string({ message: 'Enter a title' })
  .transform((v) => v.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(4, 'Titles need at least 4 characters')
      .max(120, 'Titles are at most 120 characters')
      .refine((v) => !/[\u0000-\u001f\u007f-\u009f]/.test(v), 'Titles cannot contain control characters'),
  );
/** Markdown, 0–10,000 characters. */
export const postBodySchema = z.string().max(10_000, 'Descriptions are at most 10,000 characters');

export const newPostInput = z.object({
  board: z.string().min(1, 'Choose a board').max(60),
  title: postTitleSchema,
  body: postBodySchema.default(''),
  /** API keys with the write or admin scope: the customer who becomes the post's author. */
  onBehalfOf: onBehalfOfSchema.optional(),
});
export type NewPostInput = z.infer<typeof newPostInput>;

export const postUpdateInput = z.object({ title: postTitleSchema.optional(), body: postBodySchema.optional() });
export type PostUpdateInput = z.infer<typeof postUpdateInput>;

/** The largest post number: `posts.number` is a PostgreSQL integer; a larger one names no post. */
export const POST_NUMBER_MAX = 2_147_483_647;

/** `/p/42` or `/p/42-any-slug`: the number decides, the slug is decoration. */
export const postNumberParam = z
  .string()
  .regex(/^\d{1,9}(?:-[^/]*)?$/, 'Not a post number')
  .transform((v) => Number.parseInt(v, 10))
  .pipe(z.number().int().positive())
  .describe('The post number, alone (`42`) or followed by any slug (`42-dark-mode`).');
export const postParams = z.object({ number: postNumberParam });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** The board list's query: every filter lives in the URL (SPEC.md §2). */
export const postListQuery = z.object({
  board: optionalText(60).describe('A board slug: only the posts of that board.'),
  sort: z.enum(POST_SORTS).default('trending').describe('The order: trending, top (most votes), new or updated.'),
  status: optionalText(60).describe('A status slug: only the posts in that status.'),
  tag: optionalText(60).describe('A tag name: only the posts with that tag.'),
  q: optionalText(200).describe('Search words, in web-search syntax; without a sort the answer is ordered by relevance.'),
  /** `hide`: leave out posts whose status is done or closed (ignored when `status` is given). */
  closed: z
    .enum(CLOSED_MODES)
    .default('show')
    .describe('`hide` leaves out posts whose status is done or closed (ignored when `status` is given).'),
  /** The page after this cursor (`nextCursor`). */
  cursor: optionalText(400).describe('The page after this one: a `nextCursor` from an earlier answer.'),
  /** The page before this cursor (`prevCursor`); not with `cursor`. */
  before: optionalText(400).describe('The page before this one: a `prevCursor` from an earlier answer; not with `cursor`.'),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE).describe('Posts per page, 1 to 100.'),
});

export const similarPostsQuery = z.object({
  title: z.string().trim().min(3).max(200).describe('The title being typed (at least 3 characters).'),
  board: optionalText(60).describe('A board slug: suggest from that board only.'),
  limit: z.coerce.number().int().min(1).max(10).default(5).describe('How many suggestions, 1 to 10.'),
});

export const postStatusInput = z.object({
  statusId: z.uuid({ message: 'Choose a status' }),
  note: z.string().trim().max(5_000, 'Notes are at most 5,000 characters').default(''),
});
export const postApprovalInput = z.object({ approval: z.enum(APPROVAL_DECISIONS) });
export const postPinInput = z.object({ pinned: z.boolean() });
export const postMergeInput = z.object({
  // A JSON body says what it means: a number, not `true` read as 1 (the API fuzzer found that).
  into: z
    .number({ message: 'Enter the number of the post to merge into' })
    .int()
    .positive({ message: 'Enter the number of the post to merge into' })
    .max(POST_NUMBER_MAX, { message: 'Enter the number of the post to merge into' }),
});

export const authorSchema = z
  .object({
    id: z.uuid().nullable(),
    displayName: z.string(),
    avatarUrl: z.string().nullable(),
    isTeam: z.boolean(),
  })
  .meta({ id: 'Author' });
export type Author = z.infer<typeof authorSchema>;

/**
 * A highlighted fragment: search matches come back as plain text split into runs, never as
 * HTML, so the browser renders them as text.
 */
export const highlightSchema = z.array(z.object({ text: z.string(), match: z.boolean() }));
export type Highlight = z.infer<typeof highlightSchema>;

/** A post in a list (board page, home page, API). */
export const postSummarySchema = z
  .object({
    id: z.uuid(),
    number: z.number().int(),
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    board: z.object({ slug: z.string(), name: z.string() }),
    author: authorSchema,
    status: statusRefSchema.nullable(),
    tags: z.array(tagRefSchema),
    voteCount: z.number().int(),
    commentCount: z.number().int(),
    voted: z.boolean(),
    pinned: z.boolean(),
    approval: z.enum(POST_APPROVAL),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Present for search results: the title and excerpt with the matches marked. */
    highlight: z.object({ title: highlightSchema, excerpt: highlightSchema }).optional(),
  })
  .meta({ id: 'PostSummary' });
export type PostSummary = z.infer<typeof postSummarySchema>;

/** A page of posts: `nextCursor` is passed as `cursor=`, `prevCursor` as `before=`; null when there is no such page. */
export const postPageSchema = z
  .object({
    items: z.array(postSummarySchema),
    nextCursor: z.string().nullable(),
    prevCursor: z.string().nullable(),
  })
  .meta({ id: 'PostPage' });
export type PostPage = z.infer<typeof postPageSchema>;

/**
 * One post as the API answers it: the list fields, the Markdown source of the body, and where
 * it was merged (a merged post is a read-only duplicate). The post page receives the rendered
 * tree instead (its loader renders the source).
 */
export const postDetailSchema = postSummarySchema
  .extend({
    body: z.string(),
    statusChangedAt: z.string().nullable(),
    /**
     * Where a merged post went; null when it is not merged. When the reader may not see the target
     * (a private board, pending, rejected or deleted), it still reads as merged but without
     * naming it: number, slug and title are null.
     */
    mergedInto: z
      .union([
        z.object({ number: z.number().int(), slug: z.string(), title: z.string() }),
        z.object({ number: z.null(), slug: z.null(), title: z.null() }),
      ])
      .nullable(),
    boardArchived: z.boolean(),
  })
  .meta({ id: 'Post' });
export type PostDetail = z.infer<typeof postDetailSchema>;

/** A similar post suggested while a title is typed (GET /api/v1/posts/similar). */
export const similarPostSchema = z
  .object({
    id: z.uuid(),
    number: z.number().int(),
    slug: z.string(),
    title: z.string(),
    voteCount: z.number().int(),
    status: statusRefSchema.pick({ name: true, color: true }).nullable(),
    /** Whether the caller has voted for it (false for a visitor): the suggestion takes a vote. */
    voted: z.boolean(),
    /** Why it takes no vote, or null: its board is archived, it awaits approval, or its status closed voting. */
    votingClosed: z.enum(['boardArchived', 'awaitingApproval', 'votingClosed']).nullable(),
  })
  .meta({ id: 'SimilarPost' });
export type SimilarPost = z.infer<typeof similarPostSchema>;
export const similarPostListSchema = z.object({ items: z.array(similarPostSchema) });

/** POST /api/v1/markdown/preview: any Markdown field (post body, comment, note). */
export const markdownPreviewInput = z.object({ body: z.string().max(50_000, 'At most 50,000 characters') });

/*
 * The safe Markdown tree (src/lib/markdown-tree.ts) as the API sends it: typed against MdInline
 * and MdBlock, so the schema cannot drift from the tree the renderer builds.
 */
const mdInlineSchema: z.ZodType<MdInline> = z
  .lazy(() =>
    z.union([
      z.string(),
      z.object({ t: z.enum(['em', 'strong', 'del']), c: z.array(mdInlineSchema) }),
      z.object({ t: z.literal('code'), v: z.string() }),
      z.object({ t: z.literal('a'), href: z.string(), c: z.array(mdInlineSchema) }),
      z.object({ t: z.literal('br') }),
      z.object({ t: z.literal('mention'), v: z.string(), id: z.string() }),
      z.object({ t: z.literal('img'), id: z.string(), alt: z.string(), w: z.number().optional(), h: z.number().optional() }),
    ]),
  )
  .meta({ id: 'MarkdownInline' });
const mdBlockSchema: z.ZodType<MdBlock> = z
  .lazy(() =>
    z.union([
      z.object({ t: z.literal('p'), c: z.array(mdInlineSchema) }),
      z.object({ t: z.literal('h'), level: z.union([z.literal(3), z.literal(4), z.literal(5), z.literal(6)]), c: z.array(mdInlineSchema) }),
      z.object({ t: z.literal('pre'), lang: z.string().nullable(), v: z.string() }),
      z.object({ t: z.literal('quote'), c: z.array(mdBlockSchema) }),
      z.object({
        t: z.literal('list'),
        ordered: z.boolean(),
        start: z.number().int().nullable(),
        items: z.array(z.object({ checked: z.boolean().nullable(), c: z.array(mdBlockSchema) })),
      }),
      z.object({ t: z.literal('hr') }),
      z.object({ t: z.literal('table'), head: z.array(z.array(mdInlineSchema)), rows: z.array(z.array(z.array(mdInlineSchema))) }),
    ]),
  )
  .meta({ id: 'MarkdownBlock' });
/** A rendered Markdown text: blocks of inline runs, never HTML. */
export const markdownDocSchema: z.ZodType<MdDoc> = z.array(mdBlockSchema);
/** POST /api/v1/markdown/preview's answer. */
export const markdownPreviewSchema = z.object({ doc: markdownDocSchema });

/** One status change as the post page shows it (JSON: ISO date, the note rendered). */
export interface StatusHistoryEntry {
  id: number;
  from: StatusRef | null;
  to: StatusRef | null;
  by: Author | null;
  /** The public note, rendered; null when there is none. */
  noteDoc: MdDoc | null;
  createdAt: string;
}

const scoreSchema = z.number().int().min(1, 'From 1 to 5').max(5, 'From 1 to 5').nullable();

/** `2027-03` (a month) or `2027-Q1` (a quarter): when the team expects to ship a post. */
export const etaSchema = z
  .string()
  .trim()
  .regex(/^(20\d\d)-(0[1-9]|1[0-2]|Q[1-4])$/, 'Choose a month (2027-03) or a quarter (2027-Q1)');

/** PATCH /api/v1/posts/[number]/properties: the team's properties of a post; null clears one. */
export const postPropertiesInput = z
  .object({
    ownerId: z.uuid({ message: 'Choose a team member' }).nullable().optional(),
    eta: etaSchema.nullable().optional(),
    impact: scoreSchema.optional(),
    effort: scoreSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type PostPropertiesInput = z.infer<typeof postPropertiesInput>;

export const teamPropertiesSchema = z
  .object({
    owner: z.object({ id: z.uuid(), displayName: z.string(), avatarUrl: z.string().nullable() }).nullable(),
    eta: etaSchema.nullable(),
    impact: z.number().int().nullable(),
    effort: z.number().int().nullable(),
    priority: z.number(),
  })
  .meta({ id: 'TeamProperties' });
export type TeamProperties = z.infer<typeof teamPropertiesSchema>;

/** PUT /api/v1/posts/[number]/tags: the post's tags now. */
export const postTagsSchema = z.object({ tags: z.array(tagRefSchema) });
export type PostTags = z.infer<typeof postTagsSchema>;

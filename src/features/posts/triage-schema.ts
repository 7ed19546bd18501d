/**
 * The team's triage list (/admin/inbox, GET /api/v1/triage): filters with live counts, sorts
 * and keyset pages. Every filter lives in the URL, so a view is shared by sharing its address.
 */
import { z } from 'zod';
import { etaSchema, POST_NUMBER_MAX, postSummarySchema } from './schema';

export const TRIAGE_SORTS = ['newest', 'votes', 'trending', 'priority'] as const;
export type TriageSort = (typeof TRIAGE_SORTS)[number];

/** Which posts: every live one (rejected ones only on their own), or one of the triage queues. */
export const TRIAGE_SHOWS = ['all', 'untriaged', 'pending', 'unresponded', 'rejected'] as const;
export type TriageShow = (typeof TRIAGE_SHOWS)[number];

/** The status filter's value for posts without a status. */
export const NO_STATUS = 'none';

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;
/** A comma-separated list in the URL (`status=planned,none`): each item checked, duplicates dropped. */
const listParam = (item: z.ZodType<string>, max: number) =>
  z
    .string()
    .max(2_000)
    .optional()
    .transform((v, ctx) => {
      const items = [
        ...new Set(
          (v ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      if (items.length > max) {
        ctx.addIssue({ code: 'custom', message: `At most ${max} values` });
        return z.NEVER;
      }
      for (const i of items) {
        if (!item.safeParse(i).success) {
          ctx.addIssue({ code: 'custom', message: `Not a valid value: ${i.slice(0, 40)}` });
          return z.NEVER;
        }
      }
      return items;
    });

export const triageQuery = z.object({
  status: listParam(z.string().regex(SLUG), 50).describe('Status slugs, comma-separated (`none`: posts without a status).'),
  board: listParam(z.string().regex(SLUG), 50).describe('Board slugs, comma-separated.'),
  tag: listParam(z.uuid(), 50).describe('Tag ids, comma-separated.'),
  show: z.enum(TRIAGE_SHOWS).default('all').describe('Which posts: all live ones, or a queue (untriaged, pending, unresponded, rejected).'),
  /** `me`, `none`, or a team member's id. */
  owner: z
    .union([z.enum(['me', 'none']), z.uuid()])
    .optional()
    .describe('The owner: `me`, `none` (no owner) or a team member’s id.'),
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined)
    .describe('Search words (web-search syntax), or a part of a title.'),
  sort: z.enum(TRIAGE_SORTS).default('newest').describe('The order: newest, votes, trending or priority.'),
  cursor: z.string().max(400).optional().describe('The next page: a `nextCursor` from an earlier answer.'),
  limit: z.coerce.number().int().min(1).max(100).default(30).describe('Posts per page, 1 to 100.'),
});
export type TriageQuery = z.output<typeof triageQuery>;
export type TriageFiltersQuery = Omit<TriageQuery, 'cursor' | 'limit'>;

/** The filters and sort as a URL query in one fixed order: the address bar, shared links and saved views. */
export function triageQueryString(f: TriageFiltersQuery): string {
  const out = new URLSearchParams();
  if (f.show !== 'all') out.set('show', f.show);
  if (f.status?.length) out.set('status', f.status.join(','));
  if (f.board?.length) out.set('board', f.board.join(','));
  if (f.tag?.length) out.set('tag', f.tag.join(','));
  if (f.owner) out.set('owner', f.owner);
  if (f.q) out.set('q', f.q);
  if (f.sort !== 'newest') out.set('sort', f.sort);
  return out.toString();
}

export const triagePostSchema = postSummarySchema
  .pick({
    id: true,
    number: true,
    slug: true,
    title: true,
    excerpt: true,
    board: true,
    status: true,
    tags: true,
    voteCount: true,
    commentCount: true,
    approval: true,
    createdAt: true,
  })
  .extend({
    author: z.object({ displayName: z.string() }).nullable(),
    owner: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
    eta: etaSchema.nullable(),
    impact: z.number().int().nullable(),
    effort: z.number().int().nullable(),
    priority: z.number(),
    teamResponded: z.boolean(),
  })
  .meta({ id: 'TriagePost' });
export type TriagePost = z.infer<typeof triagePostSchema>;

const facetSchema = z.array(z.object({ key: z.string(), count: z.number().int() }));
export const triagePageSchema = z
  .object({
    items: z.array(triagePostSchema),
    nextCursor: z.string().nullable(),
    /** How many posts match every filter. */
    total: z.number().int(),
    /**
     * Live counts. Each facet counts under every other filter but its own, so choosing a second
     * status shows how many it would add. status keys are slugs (`none`: no status), board keys
     * slugs, tag keys ids; `show` counts each queue.
     */
    facets: z.object({
      status: facetSchema,
      board: facetSchema,
      tag: facetSchema,
      show: z.record(z.enum(TRIAGE_SHOWS), z.number().int()),
    }),
  })
  .meta({ id: 'TriagePage' });
export type TriagePage = z.infer<typeof triagePageSchema>;

/** POST /api/v1/triage/bulk: one change to several posts (status with an optional note, tags added or removed). */
export const triageBulkInput = z
  .object({
    numbers: z
      .array(z.number().int().positive().max(POST_NUMBER_MAX, 'Not a post number'))
      .min(1, 'Select at least one post')
      .max(100, 'At most 100 posts at once'),
    statusId: z.uuid().optional(),
    note: z.string().trim().max(5_000, 'Notes are at most 5,000 characters').default(''),
    addTagIds: z.array(z.uuid()).max(10).default([]),
    removeTagIds: z.array(z.uuid()).max(10).default([]),
  })
  .refine((v) => v.statusId !== undefined || v.addTagIds.length > 0 || v.removeTagIds.length > 0, {
    message: 'Choose a status or tags to change',
  });
export type TriageBulkInput = z.output<typeof triageBulkInput>;

export const triageBulkResultSchema = z.object({
  changed: z.array(z.number().int()),
  /** Posts left as they were, and why (not found, or more than 10 tags). */
  skipped: z.array(z.object({ number: z.number().int(), reason: z.string() })),
});
export type TriageBulkResult = z.infer<typeof triageBulkResultSchema>;

/** A saved view: a name for a triage URL query, per team member. */
export const triageViewInput = z.object({
  name: z.string().trim().min(1, 'Name the view').max(40, 'At most 40 characters'),
  query: z.string().max(2_000),
});
export const triageViewSchema = z.object({ id: z.number().int(), name: z.string(), query: z.string() }).meta({ id: 'TriageView' });
export type TriageView = z.infer<typeof triageViewSchema>;
export const triageViewListSchema = z.object({ items: z.array(triageViewSchema) });
export const triageViewParams = z.object({ id: z.coerce.number().int().positive().describe('The saved view’s id.') });

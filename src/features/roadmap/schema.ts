/**
 * The roadmap's shapes: the query of `/roadmap` and `GET /api/v1/roadmap[/{status}]`, and the
 * columns and cards they answer with.
 */
import { z } from 'zod';
import { statusRefSchema } from '@/features/statuses/schema';
import { tagRefSchema } from '@/features/tags/schema';
import { DONE_WINDOWS, ROADMAP_MAX_PAGE_SIZE, ROADMAP_PAGE_SIZE } from './enums';

export * from './enums';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** The filters, all in the URL: a board slug, a tag name, and the done window. */
export const roadmapQuery = z.object({
  board: optionalText(60).describe('A board slug: only that board’s cards.'),
  tag: optionalText(60).describe('A tag name: only the cards with that tag.'),
  done: z.enum(DONE_WINDOWS).default('recent').describe('Done columns: `recent` (the last 90 days) or `all`.'),
  limit: z.coerce.number().int().min(1).max(ROADMAP_MAX_PAGE_SIZE).default(ROADMAP_PAGE_SIZE).describe('Cards per column page, 1 to 100.'),
});
export type RoadmapQuery = z.infer<typeof roadmapQuery>;

/** One column's next page: the column's status slug, the same filters and the column's cursor. */
export const roadmapColumnQuery = roadmapQuery.extend({
  status: z.string().trim().min(1).max(60).describe('The column’s status slug.'),
  cursor: optionalText(400).describe('The column’s next page: its `nextCursor` from an earlier answer.'),
});
export type RoadmapColumnQuery = z.infer<typeof roadmapColumnQuery>;

export const roadmapCardSchema = z
  .object({
    id: z.uuid(),
    number: z.number().int(),
    slug: z.string(),
    title: z.string(),
    voteCount: z.number().int(),
    /** Whether the reader has voted for it (always false for visitors). */
    voted: z.boolean(),
    commentCount: z.number().int(),
    board: z.object({ slug: z.string(), name: z.string(), archived: z.boolean() }),
    tags: z.array(tagRefSchema),
    /** When the post last changed status (it moved into this column); null when it never did. */
    statusChangedAt: z.string().nullable(),
    /** When the team expects to ship it: `2027-03` (a month) or `2027-Q1` (a quarter); null when not set. */
    eta: z.string().nullable(),
  })
  .meta({ id: 'RoadmapCard' });
export type RoadmapCard = z.infer<typeof roadmapCardSchema>;

export const roadmapColumnSchema = z
  .object({
    status: statusRefSchema,
    /** How many cards the column holds with these filters (done columns: within the window). */
    total: z.number().int(),
    /** Done columns in the recent window: how many older cards `done=all` adds; 0 otherwise. */
    olderCount: z.number().int(),
    items: z.array(roadmapCardSchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'RoadmapColumn' });
export type RoadmapColumn = z.infer<typeof roadmapColumnSchema>;

/** GET /api/v1/roadmap: every column with its first page, and the done window applied. */
export const roadmapSchema = z.object({
  columns: z.array(roadmapColumnSchema),
  done: z.enum(DONE_WINDOWS),
  /** The days the `recent` window covers. */
  doneWindowDays: z.number().int(),
});
export type Roadmap = z.infer<typeof roadmapSchema>;

/** GET /api/v1/roadmap/{status}: one column's next page. */
export const roadmapColumnPageSchema = roadmapColumnSchema.pick({ status: true, items: true, nextCursor: true });
export type RoadmapColumnPage = z.infer<typeof roadmapColumnPageSchema>;

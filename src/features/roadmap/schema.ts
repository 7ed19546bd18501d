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
  board: optionalText(60),
  tag: optionalText(60),
  done: z.enum(DONE_WINDOWS).default('recent'),
  limit: z.coerce.number().int().min(1).max(ROADMAP_MAX_PAGE_SIZE).default(ROADMAP_PAGE_SIZE),
});
export type RoadmapQuery = z.infer<typeof roadmapQuery>;

/** One column's next page: the column's status slug, the same filters and the column's cursor. */
export const roadmapColumnQuery = roadmapQuery.extend({
  status: z.string().trim().min(1).max(60),
  cursor: optionalText(400),
});
export type RoadmapColumnQuery = z.infer<typeof roadmapColumnQuery>;

export const roadmapCardSchema = z.object({
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
});
export type RoadmapCard = z.infer<typeof roadmapCardSchema>;

export const roadmapColumnSchema = z.object({
  status: statusRefSchema,
  /** How many cards the column holds with these filters (done columns: within the window). */
  total: z.number().int(),
  /** Done columns in the recent window: how many older cards `done=all` adds; 0 otherwise. */
  olderCount: z.number().int(),
  items: z.array(roadmapCardSchema),
  nextCursor: z.string().nullable(),
});
export type RoadmapColumn = z.infer<typeof roadmapColumnSchema>;

export interface Roadmap {
  columns: RoadmapColumn[];
  done: (typeof DONE_WINDOWS)[number];
  doneWindowDays: number;
}

export interface RoadmapColumnPage {
  status: RoadmapColumn['status'];
  items: RoadmapCard[];
  nextCursor: string | null;
}

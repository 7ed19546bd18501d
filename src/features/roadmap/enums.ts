/**
 * The roadmap's fixed values (src/features/roadmap/README.md). Kept apart from schema.ts so the
 * page can use them without shipping zod.
 */
import type { StatusCategory } from '@/features/statuses/enums';

/** The categories that make roadmap columns, in column order (SPEC.md §2). */
export const ROADMAP_CATEGORIES = ['planned', 'in_progress', 'done'] as const satisfies readonly StatusCategory[];

/** Done columns show what shipped in this many days unless `done=all` asks for everything. */
export const DONE_WINDOW_DAYS = 90;
export const DONE_WINDOWS = ['recent', 'all'] as const;
export type DoneWindow = (typeof DONE_WINDOWS)[number];

/** Cards per column page (the page's first load and each "Load more"). */
export const ROADMAP_PAGE_SIZE = 20;
export const ROADMAP_MAX_PAGE_SIZE = 100;

/**
 * Status categories (SPEC.md §3, §4), defined once; zod enums and types derive from them. The
 * category drives voting and the roadmap. Kept apart from schema.ts so list pages can use them
 * without shipping zod.
 */
export const STATUS_CATEGORIES = ['open', 'planned', 'in_progress', 'done', 'closed'] as const;
export type StatusCategory = (typeof STATUS_CATEGORIES)[number];
/** Voting is open in these categories; in the others it is closed and cast votes stay (SPEC.md §4). */
export const VOTING_OPEN_CATEGORIES: readonly StatusCategory[] = ['open', 'planned', 'in_progress'];
export const isVotingOpenCategory = (c: StatusCategory | null | undefined): boolean => c == null || VOTING_OPEN_CATEGORIES.includes(c);

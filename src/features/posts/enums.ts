/**
 * Post enumerations (SPEC.md §3, §4), defined once; zod enums and types derive from them.
 * Kept apart from schema.ts so the board and home pages can use them without shipping zod.
 */
export const POST_APPROVAL = ['pending', 'approved', 'rejected'] as const;
export type PostApproval = (typeof POST_APPROVAL)[number];
export const POST_SORTS = ['trending', 'top', 'new', 'updated'] as const;
export type PostSort = (typeof POST_SORTS)[number];
export const POST_SORT_LABELS: Record<PostSort, string> = { trending: 'Trending', top: 'Top', new: 'New', updated: 'Recently updated' };

/** How precise a post's ETA is: a month, or a quarter (its first month's first day is stored). */
export const ETA_PRECISIONS = ['month', 'quarter'] as const;
export type EtaPrecision = (typeof ETA_PRECISIONS)[number];

/** "March 2027" or "Q1 2027". */
export function etaLabel(eta: string): string {
  const [year, part] = eta.split('-') as [string, string];
  if (part.startsWith('Q')) return `${part} ${year}`;
  const month = new Date(Date.UTC(Number(year), Number(part) - 1, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' });
  return `${month} ${year}`;
}

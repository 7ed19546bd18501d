/**
 * Post enumerations (SPEC.md §3, §4), defined once; zod enums and types derive from them.
 * Kept apart from schema.ts so the board and home pages can use them without shipping zod.
 */
export const POST_APPROVAL = ['pending', 'approved', 'rejected'] as const;
export type PostApproval = (typeof POST_APPROVAL)[number];
/** What the team decides about a post (or comment) awaiting approval. */
export const APPROVAL_DECISIONS = ['approved', 'rejected'] as const satisfies readonly PostApproval[];
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];
export const POST_SORTS = ['trending', 'top', 'new', 'updated'] as const;
export type PostSort = (typeof POST_SORTS)[number];

/**
 * Whether a list shows posts whose status is done or closed. The board and home pages hide them
 * on trending and top unless asked (`?closed=show`) or a status is chosen; the API shows them
 * unless asked (`closed=hide`), as it always has (docs/decisions/036-post-list-order.md).
 */
export const CLOSED_MODES = ['show', 'hide'] as const;
export type ClosedMode = (typeof CLOSED_MODES)[number];
/** The sorts whose page hides done and closed posts by default: those are about what to build next. */
export const SORTS_HIDING_CLOSED: readonly PostSort[] = ['trending', 'top'];
/** What a board or home page shows when its URL says nothing (`closed` absent or unknown). */
export const pageClosedMode = (sort: PostSort | 'relevance', status: string | undefined, asked: unknown): ClosedMode =>
  asked === 'show' || status || !(SORTS_HIDING_CLOSED as readonly string[]).includes(sort) ? 'show' : 'hide';

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

/** Why voting is closed on a post; a page words it in the reader's language. */
export type VotingClosedCode = 'merged' | 'archived' | 'closed' | 'pending';
/** Why an actor may not edit a post; a page words it in the reader's language. */
export type EditRefusalCode = 'merged' | 'statusChanged' | 'windowClosed' | 'notAllowed';

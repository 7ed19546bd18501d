/**
 * Board enumerations (SPEC.md §3), defined once; zod enums and types derive from them. Kept
 * apart from schema.ts so the database schema and pages use them without zod.
 */
export const BOARD_VISIBILITY = ['public', 'private'] as const;
export const BOARD_POSTING = ['members', 'team'] as const;
export type BoardVisibility = (typeof BOARD_VISIBILITY)[number];
export type BoardPosting = (typeof BOARD_POSTING)[number];
export const BOARD_VISIBILITY_LABELS: Record<BoardVisibility, string> = {
  public: 'Public',
  private: 'Private (granted members and the team)',
};
export const BOARD_POSTING_LABELS: Record<BoardPosting, string> = { members: 'Any signed-in member', team: 'The team only' };

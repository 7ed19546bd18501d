/**
 * Board enumerations (SPEC.md §3), defined once; zod enums and types derive from them. Kept
 * apart from schema.ts so the database schema and pages use them without zod.
 */
export const BOARD_VISIBILITY = ['public', 'private'] as const;
export const BOARD_POSTING = ['members', 'team'] as const;
export type BoardVisibility = (typeof BOARD_VISIBILITY)[number];
export type BoardPosting = (typeof BOARD_POSTING)[number];
// Their labels are words of the team's screens: teamSetup.boardForm in the catalogues.

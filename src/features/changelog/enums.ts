/**
 * Changelog enumerations (SPEC.md §3, §4), defined once; zod enums and types derive from them.
 * Kept apart from schema.ts so pages can use them without shipping zod.
 */
export const CHANGELOG_STATES = ['draft', 'published'] as const;
export type ChangelogState = (typeof CHANGELOG_STATES)[number];

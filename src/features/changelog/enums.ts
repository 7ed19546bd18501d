/**
 * Changelog enumerations (SPEC.md §3, §4), defined once; zod enums and types derive from them.
 * Kept apart from schema.ts so pages can use them without shipping zod.
 */
export const CHANGELOG_STATES = ['draft', 'published'] as const;
export type ChangelogState = (typeof CHANGELOG_STATES)[number];

/** The labels every install starts with (inserted by the migration); admins add more. */
export const DEFAULT_CHANGELOG_LABELS = [
  { slug: 'new', name: 'New', position: 0 },
  { slug: 'improved', name: 'Improved', position: 1 },
  { slug: 'fixed', name: 'Fixed', position: 2 },
] as const;

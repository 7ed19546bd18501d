/** Roles of SPEC.md §1, defined once; the zod enum and the type derive from it (labels are translated: src/i18n). */
export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

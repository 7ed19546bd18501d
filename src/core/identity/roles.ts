/** Roles of SPEC.md §1, defined once; the zod enum, the type and the labels derive from it. */
export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { member: 'Member', moderator: 'Moderator', admin: 'Admin' };

/**
 * Enumerations of the workspace (SPEC.md §3), defined once; zod enums and types derive from them.
 * Kept apart from schema.ts so the shell (theme toggle) can use them without shipping zod.
 */
export const WORKSPACE_ACCESS = ['public', 'sign_in_required'] as const;
export const SIGNUP_POLICIES = ['open', 'invite_only', 'domain_allowlist'] as const;
export const MODERATION_MODES = ['off', 'new_members', 'all'] as const;
export const THEMES = ['system', 'light', 'dark'] as const;

export type WorkspaceAccess = (typeof WORKSPACE_ACCESS)[number];
export type SignupPolicy = (typeof SIGNUP_POLICIES)[number];
export type ModerationMode = (typeof MODERATION_MODES)[number];
export type Theme = (typeof THEMES)[number];


/**
 * The workspace (one per install, SPEC.md §3) as every layer knows it: its enumerations, defined
 * once (zod enums and types derive from them), and what any visitor may see of it. Core, not the
 * settings feature: the pipeline, the page shell and the theme toggle need it, and ship no zod.
 */
export const WORKSPACE_ACCESS = ['public', 'sign_in_required'] as const;
export const SIGNUP_POLICIES = ['open', 'invite_only', 'domain_allowlist'] as const;
export const MODERATION_MODES = ['off', 'new_members', 'all'] as const;
export const THEMES = ['system', 'light', 'dark'] as const;

export type WorkspaceAccess = (typeof WORKSPACE_ACCESS)[number];
export type SignupPolicy = (typeof SIGNUP_POLICIES)[number];
export type ModerationMode = (typeof MODERATION_MODES)[number];
export type Theme = (typeof THEMES)[number];


/** What every page needs to draw the shell; safe to send to any visitor. */
export interface PublicWorkspace {
  name: string;
  logoUrl: string | null;
  accentColor: string;
  defaultTheme: Theme;
  access: WorkspaceAccess;
  setupDone: boolean;
}

import { z } from 'zod';

/** Enumerations of the workspace (SPEC.md §3), defined once; zod enums and types derive from them. */
export const WORKSPACE_ACCESS = ['public', 'sign_in_required'] as const;
export const SIGNUP_POLICIES = ['open', 'invite_only', 'domain_allowlist'] as const;
export const MODERATION_MODES = ['off', 'new_members', 'all'] as const;
export const THEMES = ['system', 'light', 'dark'] as const;

export type WorkspaceAccess = (typeof WORKSPACE_ACCESS)[number];
export type SignupPolicy = (typeof SIGNUP_POLICIES)[number];
export type ModerationMode = (typeof MODERATION_MODES)[number];
export type Theme = (typeof THEMES)[number];

export const colourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #6d28d9');

/** What every page needs to draw the shell; safe to send to any visitor. */
export const publicWorkspaceSchema = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  accentColor: colourSchema,
  defaultTheme: z.enum(THEMES),
  access: z.enum(WORKSPACE_ACCESS),
  setupDone: z.boolean(),
});
export type PublicWorkspace = z.infer<typeof publicWorkspaceSchema>;

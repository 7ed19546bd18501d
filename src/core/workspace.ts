/**
 * The workspace (one per install, SPEC.md §3) as every layer knows it: its enumerations, defined
 * once (zod enums and types derive from them), and what any visitor may see of it. Core, not the
 * settings feature: the pipeline, the page shell and the theme toggle need it, and ship no zod.
 */
import type { Locale } from './i18n/locales';

export const WORKSPACE_ACCESS = ['public', 'sign_in_required'] as const;
export const SIGNUP_POLICIES = ['open', 'invite_only', 'domain_allowlist'] as const;
export const MODERATION_MODES = ['off', 'new_members', 'all'] as const;
export const THEMES = ['system', 'light', 'dark'] as const;
/**
 * Whether signing up needs a confirmed email address: `auto` (the default) requires it only when
 * the workspace can send email (SMTP_URL set), since without email nobody could ever confirm.
 */
export const EMAIL_CONFIRMATION_MODES = ['auto', 'required', 'off'] as const;

export type WorkspaceAccess = (typeof WORKSPACE_ACCESS)[number];
export type SignupPolicy = (typeof SIGNUP_POLICIES)[number];
export type ModerationMode = (typeof MODERATION_MODES)[number];
export type Theme = (typeof THEMES)[number];
export type EmailConfirmationMode = (typeof EMAIL_CONFIRMATION_MODES)[number];

/** The rule in force: `auto` follows whether email can leave (SMTP configured). */
export function emailConfirmationRequired(mode: EmailConfirmationMode, smtpConfigured: boolean): boolean {
  return mode === 'required' || (mode === 'auto' && smtpConfigured);
}

/** What every page needs to draw the shell; safe to send to any visitor. */
export interface PublicWorkspace {
  name: string;
  /** The uploaded logo (web-sized, PNG), or null: the accent square is shown instead. */
  logoUrl: string | null;
  /** The uploaded favicon (32 px PNG; `<url>/large` is 180 px), or null for Chorus's own. */
  faviconUrl: string | null;
  /** Whether the footer says "Powered by Chorus". */
  showPoweredBy: boolean;
  accentColor: string;
  defaultTheme: Theme;
  /** The language for whoever has no setting and whose browser asks for none of ours (src/core/i18n). */
  defaultLocale: Locale;
  access: WorkspaceAccess;
  setupDone: boolean;
}

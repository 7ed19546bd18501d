import { z } from 'zod';
import { workspaceNameSchema } from '@/features/accounts/schema';
import { MODERATION_MODES, SIGNUP_POLICIES, THEMES, WORKSPACE_ACCESS, type SignupPolicy, EMAIL_CONFIRMATION_MODES } from '@/core/workspace';
import { splitOriginList, widgetOriginsSchema } from '@/features/widget/schema';
import { LOCALES } from '@/core/i18n/locales';

export const colourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #6d28d9');

/** A host name such as `example.com` or `mail.example.co.uk`: labels of letters, digits and inner hyphens, and a TLD. */
const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Splits a free-text list (commas, spaces or lines) into its entries; the settings form's textarea. */
export function splitDomainList(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/**
 * Allowed sign-up domains: lower-cased, a leading `@` dropped, duplicates removed. Invalid entries
 * are reported together on the field itself, so the form shows one message under its textarea.
 */
export const allowedDomainsSchema = z
  .array(z.string().max(300), { message: 'Give a list of domains' })
  .max(100, 'List at most 100 domains')
  .transform((list) => [...new Set(list.map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean))])
  .superRefine((list, ctx) => {
    const bad = list.filter((d) => !DOMAIN.test(d));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${bad.length === 1 ? 'Not a domain name' : 'Not domain names'}: ${bad.slice(0, 3).join(', ')}${bad.length > 3 ? '…' : ''}`,
      });
    }
  });

/** Every workspace setting an admin edits at /admin/settings (SPEC.md §3). */
const workspaceSettingsFields = z.object({
  name: workspaceNameSchema,
  accentColor: colourSchema.transform((c) => c.toLowerCase()),
  defaultTheme: z.enum(THEMES, { message: 'Choose a theme' }),
  /** The language of pages and emails for whoever has no setting and whose browser asks for none of ours. */
  defaultLocale: z.enum(LOCALES, { message: 'Choose a language' }),
  access: z.enum(WORKSPACE_ACCESS, { message: 'Choose who can read the workspace' }),
  signupPolicy: z.enum(SIGNUP_POLICIES, { message: 'Choose a sign-up policy' }),
  allowedDomains: allowedDomainsSchema,
  /** Post moderation (SPEC.md §4): which new posts wait for approval in the inbox. */
  moderation: z.enum(MODERATION_MODES, { message: 'Choose a moderation mode' }),
  /** Whether sign-up needs a confirmed email (`auto`: only when SMTP_URL is set). */
  emailConfirmation: z.enum(EMAIL_CONFIRMATION_MODES, { message: 'Choose whether new members confirm their email' }),
  /** Whether the footer says "Powered by Chorus". */
  showPoweredBy: z.boolean({ message: 'Choose whether the footer names Chorus' }),
  /** The host products' origins that may embed the widget (docs/widget.md); none: it cannot be embedded. */
  widgetOrigins: widgetOriginsSchema,
});

/** A domain allowlist without domains would let nobody sign up. */
function requireDomainsForAllowlist(v: { signupPolicy: SignupPolicy; allowedDomains: string[] }, ctx: z.RefinementCtx) {
  if (v.signupPolicy === 'domain_allowlist' && v.allowedDomains.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['allowedDomains'], message: 'Add at least one domain, or choose another sign-up policy' });
  }
}

/** The whole settings object, as stored and as the form submits it. */
export const workspaceSettingsSchema = workspaceSettingsFields.superRefine(requireDomainsForAllowlist);
export type WorkspaceSettings = z.output<typeof workspaceSettingsSchema>;

/** Every setting, in the form's order: what the admin form edits and what a change audits. */
export const WORKSPACE_SETTING_KEYS = Object.keys(workspaceSettingsFields.shape) as (keyof WorkspaceSettings)[];

/** PATCH /api/v1/admin/settings: any subset; the merged result is checked again as a whole. */
export const workspaceSettingsPatch = workspaceSettingsFields.partial();

/** Every setting as the API answers it (GET and PATCH /api/v1/admin/settings): the stored, normalised values. */
export const workspaceSettingsResponseSchema = workspaceSettingsFields
  .extend({ accentColor: colourSchema, allowedDomains: z.array(z.string()), widgetOrigins: z.array(z.string()) })
  .meta({ id: 'WorkspaceSettings' });

/** The workspace's logo and favicon (`/api/v1/branding/…`), or null where none was uploaded. */
export const brandingSchema = z.object({ logoUrl: z.string().nullable(), faviconUrl: z.string().nullable() });

/** GET /api/v1/workspace: the workspace as any reader of it sees it. */
export const publicWorkspaceSchema = workspaceSettingsResponseSchema
  .pick({ name: true, showPoweredBy: true, accentColor: true, defaultTheme: true, defaultLocale: true, access: true })
  .extend(brandingSchema.shape)
  .meta({ id: 'PublicWorkspace' });

/** The browser's form: the same rules, with the domain list typed as text. */
export const workspaceSettingsForm = workspaceSettingsFields
  .extend({
    allowedDomains: z.string().max(20_000).transform(splitDomainList).pipe(allowedDomainsSchema),
    widgetOrigins: z.string().max(20_000).transform(splitOriginList).pipe(widgetOriginsSchema),
  })
  .superRefine(requireDomainsForAllowlist);

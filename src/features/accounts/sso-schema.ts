/**
 * Single sign-on (docs/sso.md): what an admin configures at /admin/settings, and what the
 * browser is told. A client secret is written, never read back: views say only that one is set.
 */
import { z } from 'zod';
import { SSO_PROVIDERS, type SsoProviderId } from './enums';

export { SSO_PROVIDERS, type SsoProviderId };

/** What each provider is, for the settings form and the docs. */
export const SSO_PRESETS: Record<SsoProviderId, { name: string; defaultLabel: string; defaultScopes: string; issuer: string | null }> = {
  oidc: { name: 'OpenID Connect', defaultLabel: 'Single sign-on', defaultScopes: 'openid email profile', issuer: null },
  google: { name: 'Google', defaultLabel: 'Google', defaultScopes: 'openid email profile', issuer: 'https://accounts.google.com' },
  github: { name: 'GitHub', defaultLabel: 'GitHub', defaultScopes: 'read:user user:email', issuer: null },
};

export const ssoProviderParams = z.object({
  provider: z
    .enum(SSO_PROVIDERS, { message: 'Choose oidc, google or github' })
    .describe('The provider: `oidc` (any OpenID Connect provider), `google` or `github`.'),
});

const issuerSchema = z
  .string()
  .trim()
  .max(500, 'Use at most 500 characters')
  .pipe(z.url({ protocol: /^https?$/, message: 'Enter the issuer URL, like https://login.example.com' }));

/** Saving a provider. `clientSecret` may be left out to keep the stored one. */
export const ssoProviderInput = z.object({
  label: z.string().trim().min(1, 'Enter the button label').max(40, 'Use at most 40 characters'),
  /** The issuer of a generic OpenID Connect provider (discovery); ignored for the presets. */
  issuer: issuerSchema.optional(),
  clientId: z.string().trim().min(1, 'Enter the client id').max(300, 'Use at most 300 characters'),
  clientSecret: z.string().trim().min(1, 'Enter the client secret').max(1000, 'Use at most 1000 characters').optional(),
  scopes: z
    .string()
    .trim()
    .max(300, 'Use at most 300 characters')
    .regex(/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/, 'Separate scopes with single spaces')
    .optional(),
  enabled: z.boolean().default(true),
});

export const ssoSettingsPatch = z.object({ passwordSignIn: z.boolean({ message: 'Say whether password sign-in is on' }) });

export const ssoStartInput = z.object({
  /** Where to go after signing in: a same-origin path (anything else becomes `/`). */
  next: z.string().max(2000).optional(),
});

/** A configured provider as admins see it: everything but the secret. */
export const ssoProviderViewSchema = z
  .object({
    id: z.enum(SSO_PROVIDERS),
    label: z.string(),
    issuer: z.string().nullable(),
    clientId: z.string(),
    clientSecretSet: z.literal(true),
    scopes: z.string(),
    enabled: z.boolean(),
    /** When an admin last signed in through it (ISO), or null. */
    adminSignInAt: z.string().nullable(),
  })
  .meta({ id: 'SsoProvider' });
export type SsoProviderView = z.infer<typeof ssoProviderViewSchema>;

export const ssoSettingsViewSchema = z
  .object({
    /** Whether CHORUS_SECRET_KEY is set: without it providers cannot be saved. */
    secretKeyConfigured: z.boolean(),
    passwordSignIn: z.boolean(),
    /** CHORUS_FORCE_PASSWORD_SIGN_IN: password sign-in works whatever `passwordSignIn` says. */
    passwordSignInForced: z.boolean(),
    /** Whether the admin asking has signed in through an enabled provider (needed to turn password sign-in off). */
    viewerHasSignedInWithSso: z.boolean(),
    providers: z.array(ssoProviderViewSchema),
    /** The redirect URI to register at each provider. */
    redirectUris: z.record(z.enum(SSO_PROVIDERS), z.string()),
  })
  .meta({ id: 'SsoSettings' });
export type SsoSettingsView = z.infer<typeof ssoSettingsViewSchema>;

/** POST /api/v1/auth/sso/{provider}: where to send the browser. */
export const ssoStartSchema = z.object({ url: z.string() });

/** A sign-in button on /login. */
export interface SsoButton {
  id: SsoProviderId;
  label: string;
}

/** Why a single sign-on attempt ended without signing in; each has a message on the callback page. */
export const SSO_FAILURES = [
  'state',
  'provider',
  'unverified',
  'no_email',
  'not_allowed',
  'banned',
  'unavailable',
  'rate_limited',
] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];

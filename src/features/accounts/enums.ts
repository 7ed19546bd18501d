/**
 * Single sign-on providers (docs/sso.md): one slot each for a generic OpenID Connect provider,
 * Google (OpenID Connect at https://accounts.google.com) and GitHub (OAuth 2, not OpenID Connect).
 */
export const SSO_PROVIDERS = ['oidc', 'google', 'github'] as const;
export type SsoProviderId = (typeof SSO_PROVIDERS)[number];

/** How long sessions and emailed tokens last (SPEC.md §9); no imports, so the database schema can use it. */

/** Kinds of single-use tokens (emailed, or a single sign-on round trip), with their lifetimes in seconds (SPEC.md §9). */
export const AUTH_TOKEN_KINDS = [
  'verify_email',
  'reset_password',
  'magic_link',
  'invite',
  'change_email',
  'unsubscribe',
  'sso_flow',
] as const;
export type AuthTokenKind = (typeof AUTH_TOKEN_KINDS)[number];
export const AUTH_TOKEN_TTL_SECONDS: Record<AuthTokenKind, number> = {
  verify_email: 7 * 24 * 3600,
  reset_password: 60 * 60,
  magic_link: 15 * 60,
  invite: 7 * 24 * 3600,
  change_email: 24 * 3600,
  unsubscribe: 365 * 24 * 3600,
  // A single sign-on round trip to the provider and back (state, nonce, PKCE verifier).
  sso_flow: 10 * 60,
};

/** Sessions last 30 days, sliding (SPEC.md §9). */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

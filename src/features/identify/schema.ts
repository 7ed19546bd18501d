/**
 * Identify: the host product signs its users in with a short-lived JWT (docs/identify.md).
 * The inputs and answers of its routes, and the reasons a token is refused, defined once for the
 * server, the /sso page and the settings section.
 */
import { z } from 'zod';

/** What a token's `alg` must be: an HMAC with SHA-256 over the workspace's identify secret. */
export const IDENTIFY_ALGORITHM = 'HS256';
/** How far the host's clock may be from ours, either way, for `exp`, `nbf` and `iat`. */
export const IDENTIFY_CLOCK_SKEW_SECONDS = 60;
/** A token's `exp` may be at most this long after its `iat` (and `iat` at most this old). */
export const IDENTIFY_MAX_LIFETIME_SECONDS = 10 * 60;
/** Longer strings are not read at all: a real token is well under 2 kB. */
export const IDENTIFY_MAX_TOKEN_CHARS = 8000;

/** Why a token was refused; each has a message for the page and the API (none reveals a secret). */
export const IDENTIFY_FAILURES = [
  'not_configured',
  'missing',
  'malformed',
  'algorithm',
  'bad_signature',
  'expired',
  'not_yet_valid',
  'too_long_lived',
  'audience',
  'claims',
  'replayed',
  'team_account',
  'email_conflict',
  'banned',
  'rate_limited',
] as const;
export type IdentifyFailure = (typeof IDENTIFY_FAILURES)[number];

export const IDENTIFY_FAILURE_MESSAGES: Record<IdentifyFailure, string> = {
  not_configured: 'This board does not accept sign-in from another product yet: an admin has not created an identify secret.',
  missing: 'The sign-in link has no token. Go back to the product you came from and follow its link again.',
  malformed: 'The sign-in token could not be read.',
  algorithm: 'The sign-in token is not signed with HS256, the only algorithm this board accepts.',
  bad_signature: 'The sign-in token’s signature does not match this board’s identify secret.',
  expired: 'The sign-in link has expired. Go back to the product you came from and follow its link again.',
  not_yet_valid: 'The sign-in token is not valid yet: the clocks of the two products disagree.',
  too_long_lived: 'The sign-in token lives longer than 10 minutes, which this board does not accept.',
  audience: 'The sign-in token was made for another board (its audience does not match).',
  claims: 'The sign-in token is missing details this board needs (an id, an email address) or has invalid ones.',
  replayed: 'This sign-in link was already used. Go back to the product you came from and follow its link again.',
  team_account: 'This address belongs to a member of the team, who signs in with their own credentials.',
  email_conflict: 'This email address belongs to another person of the product you came from.',
  banned: 'This account is banned from the board.',
  rate_limited: 'Too many sign-in attempts from your network. Wait a minute, then follow the link from your product again.',
};

export const isIdentifyFailure = (v: unknown): v is IdentifyFailure => (IDENTIFY_FAILURES as readonly unknown[]).includes(v);

/** POST /api/v1/auth/identify. */
export const identifyInput = z
  .object({
    token: z
      .string({ message: 'Give the signed identify token' })
      .min(1, 'Give the signed identify token')
      .max(IDENTIFY_MAX_TOKEN_CHARS, 'This is not an identify token'),
  })
  .strict();

export const identifyResultSchema = z.object({
  status: z.literal('signed-in'),
  user: z.object({ id: z.uuid(), displayName: z.string(), created: z.boolean() }),
});
export type IdentifyResult = z.infer<typeof identifyResultSchema>;

/** What the team sees of the identify set-up: never the secret itself. */
export const identifySettingsSchema = z.object({
  configured: z.boolean(),
  /** When the current secret was made; null when there is none. */
  createdAt: z.string().nullable(),
  /** The `aud` a token must carry: this board's public origin. */
  audience: z.string(),
  algorithm: z.literal(IDENTIFY_ALGORITHM),
  maxLifetimeSeconds: z.number().int(),
});
export type IdentifySettings = z.infer<typeof identifySettingsSchema>;

/** The answer to creating or rotating the secret: the only time it is shown. */
export const identifySecretSchema = identifySettingsSchema.extend({ secret: z.string() });
export type IdentifySecret = z.infer<typeof identifySecretSchema>;

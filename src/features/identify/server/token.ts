/**
 * Checks an identify token (docs/identify.md) with jose: HS256 only (no `none`, no other HMAC,
 * nothing asymmetric), signed with the workspace's secret, made for this board (`aud`), within its
 * lifetime give or take the clock skew, at most 10 minutes long, with a `jti`, and carrying a
 * person we can name. Pure: the single use of the `jti` is the caller's (service.ts), in the
 * database, so it holds across instances.
 */
import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { emailSchema } from '@/features/accounts/schema';
import { externalIdSchema } from '@/features/members/schema';
import {
  IDENTIFY_ALGORITHM,
  IDENTIFY_CLOCK_SKEW_SECONDS,
  IDENTIFY_MAX_LIFETIME_SECONDS,
  IDENTIFY_MAX_TOKEN_CHARS,
  type IdentifyFailure,
} from '../schema';

export class IdentifyTokenError extends Error {
  constructor(readonly reason: IdentifyFailure) {
    super(`identify token refused: ${reason}`);
    this.name = 'IdentifyTokenError';
  }
}

/** Host products' names may be longer or messier than ours: control characters become spaces, and the rest is cut at 50. */
const looseText = (max: number) =>
  z
    .string()
    .transform((v) =>
      v
        .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, max)
        .trim(),
    )
    .pipe(z.string().min(1));

/** An id given as a number is the same id as text. */
const idText = z.union([z.string(), z.number().int().nonnegative()]).transform(String).pipe(externalIdSchema);

/** Money per month in the host's currency units (49.99), kept in cents. */
const monthlyMoney = z
  .number()
  .nonnegative()
  .max(1e12)
  .transform((v) => Math.round(v * 100));

const httpsUrl = z
  .string()
  .max(2000)
  .refine((v) => {
    try {
      return new URL(v).protocol === 'https:';
    } catch {
      return false;
    }
  });

const claimsSchema = z
  .object({
    jti: z.string().min(1).max(200),
    exp: z.number(),
    iat: z.number(),
    email: emailSchema,
    name: looseText(50).optional().catch(undefined),
    sub: idText.optional(),
    externalId: idText.optional(),
    // An avatar that is not an https URL is left out rather than refusing the person.
    avatarUrl: httpsUrl.optional().catch(undefined),
    company: z
      .object({
        id: idText,
        name: looseText(100),
        monthlySpend: monthlyMoney.optional(),
        mrr: monthlyMoney.optional(),
      })
      .optional(),
  })
  .refine((c) => c.sub !== undefined || c.externalId !== undefined, { path: ['sub'] })
  .refine((c) => c.sub === undefined || c.externalId === undefined || c.sub === c.externalId, { path: ['externalId'] });

/** What a valid token says. */
export interface IdentifyClaims {
  jti: string;
  /** The token's expiry: its `jti` is remembered until a clock skew past it. */
  expiresAt: Date;
  externalId: string;
  email: string;
  name?: string;
  avatarUrl?: string;
  company?: { externalId: string; name: string; monthlyRevenueCents: number | null };
}

/** Maps what jose refuses to our reasons. */
function reasonOf(err: unknown): IdentifyFailure {
  if (err instanceof errors.JWTExpired) return 'expired';
  if (err instanceof errors.JWSSignatureVerificationFailed) return 'bad_signature';
  if (err instanceof errors.JOSEAlgNotAllowed || err instanceof errors.JOSENotSupported) return 'algorithm';
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'aud') return 'audience';
    if ((err.claim === 'nbf' || err.claim === 'iat') && err.reason === 'check_failed') return 'not_yet_valid';
    return 'claims';
  }
  return 'malformed';
}

/**
 * The claims of a token signed with `secret` for `audience`, or an IdentifyTokenError naming why
 * it is refused. `now` is for tests.
 */
export async function verifyIdentifyToken(token: string, secret: string, opts: { audience: string; now?: Date }): Promise<IdentifyClaims> {
  if (!token) throw new IdentifyTokenError('missing');
  if (token.length > IDENTIFY_MAX_TOKEN_CHARS) throw new IdentifyTokenError('malformed');
  let alg: unknown;
  try {
    alg = decodeProtectedHeader(token).alg;
  } catch {
    throw new IdentifyTokenError('malformed');
  }
  // Refused before any key is used: `none`, other HMACs and public-key algorithms alike.
  if (alg !== IDENTIFY_ALGORITHM) throw new IdentifyTokenError('algorithm');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: [IDENTIFY_ALGORITHM],
      audience: opts.audience,
      clockTolerance: IDENTIFY_CLOCK_SKEW_SECONDS,
      maxTokenAge: IDENTIFY_MAX_LIFETIME_SECONDS,
      requiredClaims: ['exp', 'iat', 'jti'],
      currentDate: opts.now,
    }));
  } catch (err) {
    throw new IdentifyTokenError(reasonOf(err));
  }
  const parsed = claimsSchema.safeParse(payload);
  if (!parsed.success) throw new IdentifyTokenError('claims');
  const c = parsed.data;
  if (c.exp - c.iat > IDENTIFY_MAX_LIFETIME_SECONDS) throw new IdentifyTokenError('too_long_lived');
  return {
    jti: c.jti,
    expiresAt: new Date(c.exp * 1000),
    externalId: (c.externalId ?? c.sub)!,
    email: c.email,
    ...(c.name ? { name: c.name } : {}),
    ...(c.avatarUrl ? { avatarUrl: c.avatarUrl } : {}),
    ...(c.company
      ? {
          company: {
            externalId: c.company.id,
            name: c.company.name,
            monthlyRevenueCents: c.company.mrr ?? c.company.monthlySpend ?? null,
          },
        }
      : {}),
  };
}

/**
 * Identify (docs/identify.md): a host product signs its users in with a short-lived JWT signed
 * with the workspace's identify secret. `identifyPerson` is the one exchange (the /sso link, the
 * API route, and later the widget): the token is checked (token.ts), its `jti` is used up, the
 * person is found or created (members' customer-service) and their company recorded, all in one
 * transaction, so a token is accepted once across every instance and a failure leaves nothing half
 * done.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { findOrCreateIdentifiedMember, IdentifyRefused } from '@/features/members/server/customer-service';
import { env } from '@/config/env';
import { db } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import type { RateLimitRule } from '@/server/http/rate-limit';
import { enqueueJob } from '@/server/jobs/queue';
import { startSession } from '@/server/identity/sessions';
import type { ErrorCode } from '@/lib/error-codes';
import { IDENTIFY_CLOCK_SKEW_SECONDS, IDENTIFY_FAILURE_MESSAGES, type IdentifyFailure, type IdentifyResult } from '../schema';
import { getIdentifySecretRow, recordTokenUse, setUserCompany, upsertCompany } from './queries';
import { IdentifyTokenError, verifyIdentifyToken } from './token';

/**
 * Sign-ins with a token, per source: generous for a product whose users follow its links, and
 * small enough that guessing a secret by volume goes nowhere (it is 256 random bits anyway).
 */
export const IDENTIFY_RATE_LIMIT: RateLimitRule = { name: 'identify', limit: 30, windowSeconds: 60 };

/** The `aud` every token must carry: this board's public URL, as configured (PUBLIC_URL). */
export const identifyAudience = (): string => env().PUBLIC_URL;

export interface IdentifiedMember {
  user: { id: string; displayName: string };
  created: boolean;
  linkedBy: 'external_id' | 'email' | 'new';
}

/**
 * Checks a host-signed token and uses it up: the member it names (found by external id, then by
 * email, or created), with their company updated. Throws IdentifyTokenError or IdentifyRefused;
 * `identifyFailureOf` names the reason of either.
 */
export async function identifyPerson(token: string, ip?: string): Promise<IdentifiedMember> {
  const key = await getIdentifySecretRow(db());
  if (!key) throw new IdentifyTokenError('not_configured');
  const claims = await verifyIdentifyToken(token, key.secret, { audience: identifyAudience() });
  return db().transaction(async (tx) => {
    // Remembered for as long as the token could still pass the expiry check.
    const keepUntil = new Date(claims.expiresAt.getTime() + IDENTIFY_CLOCK_SKEW_SECONDS * 1000);
    if (!(await recordTokenUse(tx, claims.jti, keepUntil))) throw new IdentifyTokenError('replayed');
    const { user, created, linkedBy } = await findOrCreateIdentifiedMember(
      tx,
      { externalId: claims.externalId, email: claims.email, name: claims.name, avatarUrl: claims.avatarUrl },
      ip,
    );
    // A token without a company leaves the person's company as it was.
    if (claims.company) await setUserCompany(tx, user.id, await upsertCompany(tx, claims.company));
    return { user: { id: user.id, displayName: user.displayName }, created, linkedBy };
  });
}

/** Why an identify attempt failed, or null when the error is something else (a database failure…). */
export function identifyFailureOf(err: unknown): IdentifyFailure | null {
  if (err instanceof IdentifyTokenError || err instanceof IdentifyRefused) return err.reason;
  return null;
}

const FAILURE_CODES: Partial<Record<IdentifyFailure, ErrorCode>> = {
  not_configured: 'NOT_FOUND',
  banned: 'ACCOUNT_BANNED',
  team_account: 'FORBIDDEN',
  email_conflict: 'FORBIDDEN',
  missing: 'VALIDATION_FAILED',
};

/** The API's answer to a failure: TOKEN_INVALID (410) for anything wrong with the token itself. */
export function identifyAppError(reason: IdentifyFailure): AppError {
  const message = IDENTIFY_FAILURE_MESSAGES[reason];
  return new AppError(FAILURE_CODES[reason] ?? 'TOKEN_INVALID', message, { fields: { token: message } });
}

/** Signs the token's person in on this response (a session like every other sign-in). */
export async function signInWithIdentifyToken(
  token: string,
  http: { req: IncomingMessage; res: ServerResponse; ip: string },
): Promise<IdentifyResult & { linkedBy: IdentifiedMember['linkedBy'] }> {
  let identified: IdentifiedMember;
  try {
    identified = await identifyPerson(token, http.ip);
  } catch (err) {
    const reason = identifyFailureOf(err);
    throw reason ? identifyAppError(reason) : err;
  }
  await startSession(http.req, http.res, identified.user.id, http.ip);
  return { status: 'signed-in', user: { ...identified.user, created: identified.created }, linkedBy: identified.linkedBy };
}

/** The job that forgets used tokens once they have expired; keyed, so one waits across instances. */
export const IDENTIFY_PRUNE_JOB = 'identify.prune_token_uses';
export const IDENTIFY_PRUNE_KEY = 'identify:prune-token-uses';
export const IDENTIFY_PRUNE_EVERY_SECONDS = 10 * 60;

export async function scheduleTokenUsePruning(): Promise<void> {
  await enqueueJob(IDENTIFY_PRUNE_JOB, {}, { key: IDENTIFY_PRUNE_KEY, delaySeconds: IDENTIFY_PRUNE_EVERY_SECONDS });
}

/**
 * One-click unsubscribe tokens: `<payload>.<signature>`, both base64url. The payload names the
 * person, the event kinds the email was about (or every kind) and an expiry (one year, SPEC.md
 * §3); the signature is HMAC-SHA256 under a key the workspace generates once (table
 * `signing_keys`). Nothing is stored per email, and a token can be used any number of times
 * (mail providers may send the one-click POST more than once) until it expires.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '@/server/db/client';
import { signingKeys } from '@/server/db/schema';
import { AUTH_TOKEN_TTL_SECONDS } from '@/server/identity/lifetimes';
import { NOTIFICATION_KINDS, type NotificationKind } from '../enums';

const PURPOSE = 'unsubscribe';

async function signingKey(db: DbOrTx): Promise<Buffer> {
  await db
    .insert(signingKeys)
    .values({ purpose: PURPOSE, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: signingKeys.secret }).from(signingKeys).where(eq(signingKeys.purpose, PURPOSE));
  return Buffer.from(row!.secret, 'base64url');
}

const payloadSchema = z.object({
  u: z.uuid(),
  k: z.union([z.literal('all'), z.array(z.enum(NOTIFICATION_KINDS)).min(1)]),
  e: z.number().int(),
});
export type UnsubscribeClaim = { userId: string; kinds: NotificationKind[] | 'all' };

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export async function createUnsubscribeToken(db: DbOrTx, claim: UnsubscribeClaim, now = Date.now()): Promise<string> {
  const e = Math.floor(now / 1000) + AUTH_TOKEN_TTL_SECONDS.unsubscribe;
  const payload = Buffer.from(JSON.stringify({ u: claim.userId, k: claim.kinds, e })).toString('base64url');
  return `${payload}.${sign(await signingKey(db), payload)}`;
}

/** The claim of a genuine, unexpired token; undefined for anything else. */
export async function readUnsubscribeToken(db: DbOrTx, token: string, now = Date.now()): Promise<UnsubscribeClaim | undefined> {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(await signingKey(db), payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return undefined;
  }
  if (parsed.e * 1000 <= now) return undefined;
  return { userId: parsed.u, kinds: parsed.k };
}

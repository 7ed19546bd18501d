/**
 * Identify tokens for tests: the workspace's secret set directly, and tokens signed as a host
 * product would (jose), with any claim or header overridden to make a bad one. Test-only.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { env } from '@/config/env';
import { db } from '@/server/db/client';
import { putIdentifySecret } from '@/features/identify/server/queries';
import { newIdentifySecret } from '@/features/identify/server/secret-service';

/** Sets (replacing) the workspace's identify secret; returns it. */
export async function installIdentifySecret(secret = newIdentifySecret()): Promise<string> {
  await putIdentifySecret(db(), secret);
  return secret;
}

export interface TestTokenOptions {
  alg?: string;
  /** Default: the board's PUBLIC_URL. */
  audience?: string | null;
  /** Seconds since the epoch; default now. */
  iat?: number | null;
  /** Default iat + 300. */
  exp?: number | null;
  /** Default a new UUID; null leaves it out. */
  jti?: string | null;
}

/** A token signed with `secret`, carrying `claims` (email, sub, name, company…). */
export async function signTestIdentifyToken(secret: string, claims: Record<string, unknown>, opts: TestTokenOptions = {}): Promise<string> {
  const iat = opts.iat === undefined ? Math.floor(Date.now() / 1000) : opts.iat;
  const exp = opts.exp === undefined ? (iat ?? Math.floor(Date.now() / 1000)) + 300 : opts.exp;
  const jti = opts.jti === undefined ? randomUUID() : opts.jti;
  const audience = opts.audience === undefined ? env().PUBLIC_URL : opts.audience;
  const payload: Record<string, unknown> = { ...claims };
  if (iat !== null) payload.iat = iat;
  if (exp !== null) payload.exp = exp;
  if (jti !== null) payload.jti = jti;
  if (audience !== null) payload.aud = audience;
  return new SignJWT(payload).setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

/** An unsigned token (`alg: none`), as an attacker would send one. */
export function unsignedIdentifyToken(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ aud: env().PUBLIC_URL, iat: now, exp: now + 300, jti: randomUUID(), ...claims })}.`;
}

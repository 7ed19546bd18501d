import type { ServerResponse } from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import type { Env } from '@/config/env';
import { THEME_SCRIPT } from '@/lib/theme-script';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const THEME_SCRIPT_HASH = sha256(THEME_SCRIPT);

/** Random bytes drawn 4 KiB at a time: one call to the system's generator for 256 nonces. */
let randomPool = Buffer.alloc(0);
let randomOffset = 0;

/** A fresh value for each response's `nonce-…` source (16 random bytes); the document reads it from `x-nonce`. */
export function newNonce(): string {
  if (randomOffset + 16 > randomPool.length) {
    randomPool = randomBytes(4096);
    randomOffset = 0;
  }
  randomOffset += 16;
  return randomPool.toString('base64', randomOffset - 16, randomOffset);
}

/** The policy around the nonce, for one configuration (it is the same for every response). */
let policyParts: { env: Env; before: string; after: string } | undefined;

/**
 * Headers sent with every response, from run-time configuration: the analytics host may
 * receive data only when analytics is configured. Scripts run only from this origin, with this
 * response's nonce (Next.js's inline bootstrap) or the theme script's hash.
 */
export function securityHeaders(env: Env, nonce: string): Record<string, string> {
  if (policyParts?.env !== env) {
    const [before, after] = policy(env).split(NONCE_MARK) as [string, string];
    policyParts = { env, before, after };
  }
  return {
    'Content-Security-Policy': `${policyParts.before}${nonce}${policyParts.after}`,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(env.PUBLIC_URL.startsWith('https:') ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

const NONCE_MARK = '\u0000nonce\u0000';

function policy(env: Env): string {
  const analyticsOrigin = env.POSTHOG_KEY ? new URL(env.POSTHOG_HOST).origin : '';
  return [
    "default-src 'self'",
    // React in development evaluates code for its debugging features (npm run dev only).
    `script-src 'self' 'nonce-${NONCE_MARK}' ${THEME_SCRIPT_HASH}${env.NODE_ENV === 'development' ? " 'unsafe-eval'" : ''}`,
    // Style attributes come from React (`style={…}`) and the top loader; no user text reaches CSS.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self' ${analyticsOrigin}`.trim(),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(env.PUBLIC_URL.startsWith('https:') ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

const SOURCE_ORIGIN = /^https?:\/\/[a-z0-9.\-[\]:]+$/;

/**
 * Lets the embeddable widget's panel be framed by the allowed host origins (docs/widget.md): its
 * response's `frame-ancestors 'none'` becomes those origins, and `X-Frame-Options: DENY` goes
 * (it cannot name origins; browsers that know CSP ignore it beside `frame-ancestors`). With no
 * origin the response stays unframeable. Every other response keeps `'none'`.
 */
export function allowFramingBy(res: ServerResponse, origins: readonly string[]): void {
  // Stored origins are canonical (features/widget/schema.ts); this keeps anything else out of the header.
  const sources = origins.filter((o) => SOURCE_ORIGIN.test(o));
  if (sources.length === 0) return;
  const csp = res.getHeader('Content-Security-Policy');
  if (typeof csp !== 'string') return;
  res.setHeader('Content-Security-Policy', csp.replace("frame-ancestors 'none'", `frame-ancestors ${sources.join(' ')}`));
  res.removeHeader('X-Frame-Options');
}

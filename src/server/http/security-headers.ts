import { createHash, randomBytes } from 'node:crypto';
import type { Env } from '@/config/env';
import { THEME_SCRIPT } from '@/lib/theme-script';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A fresh value for each response's `nonce-…` source; the document reads it from `x-nonce`. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Headers sent with every response, from run-time configuration: the analytics host may
 * receive data only when analytics is configured. Scripts run only from this origin, with this
 * response's nonce (Next.js's inline bootstrap) or the theme script's hash.
 */
export function securityHeaders(env: Env, nonce: string): Record<string, string> {
  const analyticsOrigin = env.POSTHOG_KEY ? new URL(env.POSTHOG_HOST).origin : '';
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${sha256(THEME_SCRIPT)}`,
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
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(env.PUBLIC_URL.startsWith('https:') ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

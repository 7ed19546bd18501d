import { createHash } from 'node:crypto';
import type { Env } from '@/config/env';
import { THEME_SCRIPT } from '@/features/shell/theme-script';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * Headers sent with every response. Built once per process from run-time configuration: the
 * analytics host is allowed to receive data only when analytics is configured. `inlineScripts`
 * are the build's own inline bootstrap scripts (turbopack-bootstrap.ts), allowed by hash.
 */
export function securityHeaders(env: Env, inlineScripts: readonly string[] = []): Record<string, string> {
  const analyticsOrigin = env.POSTHOG_KEY ? new URL(env.POSTHOG_HOST).origin : '';
  const csp = [
    "default-src 'self'",
    ['script-src', "'self'", sha256(THEME_SCRIPT), ...new Set(inlineScripts.map(sha256))].join(' '),
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

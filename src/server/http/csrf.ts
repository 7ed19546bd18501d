import type { IncomingMessage } from 'node:http';
import { env } from '@/config/env';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}

/** The origins this app answers on: PUBLIC_URL and the Host the request came to. */
function allowedOrigins(req: IncomingMessage): Set<string> {
  const allowed = new Set([originOf(env().PUBLIC_URL)!]);
  const host = req.headers.host;
  if (host) {
    const proto = env().CHORUS_TRUST_PROXY
      ? String(req.headers['x-forwarded-proto'] ?? 'http')
          .split(',')[0]!
          .trim()
      : null;
    const encrypted = Boolean((req.socket as { encrypted?: boolean } | undefined)?.encrypted);
    allowed.add(`${proto ?? (encrypted ? 'https' : 'http')}://${host}`);
  }
  return allowed;
}

/**
 * CSRF defence for cookie sessions: a state-changing request from a browser must come from
 * our own origin. Browsers send Origin (or at least Sec-Fetch-Site / Referer) on every such
 * request; a request with none of them is not from a browser and carries no ambient cookie risk.
 */
export function isCrossSiteRequest(req: IncomingMessage): boolean {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return false;
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = req.headers.origin ?? originOf(req.headers.referer);
  if (origin === undefined) return false;
  return !allowedOrigins(req).has(origin);
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCookie, stringifySetCookie } from 'cookie';
import { env } from '@/config/env';
import { SESSION_TTL_SECONDS } from './lifetimes';

const secure = () => env().PUBLIC_URL.startsWith('https:');
/** `__Host-` binds the cookie to this exact host and path when served over https. */
export const sessionCookieName = () => (secure() ? '__Host-chorus_session' : 'chorus_session');

export function readSessionToken(req: IncomingMessage): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const value = parseCookie(header)[sessionCookieName()];
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}

function appendSetCookie(res: ServerResponse, cookie: string) {
  const existing = res.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  res.setHeader('set-cookie', [...list, cookie]);
}

export function setSessionCookie(res: ServerResponse, token: string, maxAgeSeconds = SESSION_TTL_SECONDS) {
  appendSetCookie(
    res,
    stringifySetCookie({ name: sessionCookieName(), value: token, maxAge: maxAgeSeconds, path: '/', httpOnly: true, sameSite: 'lax', secure: secure() }),
  );
}

export function clearSessionCookie(res: ServerResponse) {
  appendSetCookie(res, stringifySetCookie({ name: sessionCookieName(), value: '', maxAge: 0, path: '/', httpOnly: true, sameSite: 'lax', secure: secure() }));
}

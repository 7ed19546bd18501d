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

/**
 * Set on the answer to every state-changing request where visitors' pages are micro-cached per
 * instance (a shared PostgreSQL): for as long as a cached copy may live, this browser's reads
 * skip those caches, so nobody is shown a copy taken before their own write by another instance
 * (e.g. the page they return to after voting and signing out). It holds no identity: its value
 * is a constant.
 */
const recentWriteCookieName = () => (secure() ? '__Host-chorus_recent_write' : 'chorus_recent_write');

export function markRecentWrite(res: ServerResponse, maxAgeSeconds: number) {
  appendSetCookie(
    res,
    stringifySetCookie({
      name: recentWriteCookieName(),
      value: '1',
      maxAge: maxAgeSeconds,
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secure(),
    }),
  );
}

/** Whether this browser wrote something within the visitor micro-cache's window (markRecentWrite). */
export function readsOwnWrites(req: IncomingMessage): boolean {
  const header = req.headers.cookie;
  return header !== undefined && parseCookie(header)[recentWriteCookieName()] === '1';
}

function appendSetCookie(res: ServerResponse, cookie: string) {
  const existing = res.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  res.setHeader('set-cookie', [...list, cookie]);
}

export function setSessionCookie(res: ServerResponse, token: string, maxAgeSeconds = SESSION_TTL_SECONDS) {
  appendSetCookie(
    res,
    stringifySetCookie({
      name: sessionCookieName(),
      value: token,
      maxAge: maxAgeSeconds,
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secure(),
    }),
  );
}

export function clearSessionCookie(res: ServerResponse) {
  appendSetCookie(
    res,
    stringifySetCookie({ name: sessionCookieName(), value: '', maxAge: 0, path: '/', httpOnly: true, sameSite: 'lax', secure: secure() }),
  );
}

/**
 * The browser that set a password on an unconfirmed account (sign-up, or a sign-in that sent a
 * new confirmation link) keeps a random nonce in this cookie; the confirmation link's token keeps
 * only its hash. Following a link with the nonce proves that the person confirming the address is
 * the one who chose the password (address-proof.ts). Sent only to the account endpoints.
 */
const setterCookieName = () => (secure() ? '__Secure-chorus_password_setter' : 'chorus_password_setter');
const SETTER_COOKIE_PATH = '/api/v1/auth';

export function setPasswordSetterCookie(res: ServerResponse, nonce: string, maxAgeSeconds: number) {
  appendSetCookie(
    res,
    stringifySetCookie({
      name: setterCookieName(),
      value: nonce,
      maxAge: maxAgeSeconds,
      path: SETTER_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: secure(),
    }),
  );
}

export function readPasswordSetterCookie(req: IncomingMessage): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const value = parseCookie(header)[setterCookieName()];
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}

export function clearPasswordSetterCookie(res: ServerResponse) {
  appendSetCookie(
    res,
    stringifySetCookie({
      name: setterCookieName(),
      value: '',
      maxAge: 0,
      path: SETTER_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: secure(),
    }),
  );
}

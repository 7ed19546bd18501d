import type { IncomingMessage, ServerResponse } from 'node:http';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { db, queryRows } from '@/server/db/client';
import { sessions } from '@/server/db/schema';
import type { Role } from '@/core/identity/roles';
import { isLocale, type Locale } from '@/core/i18n/locales';
import { SESSION_TTL_SECONDS } from './lifetimes';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './cookies';
import { hashToken, newToken } from './tokens';
import { endUserWidgetSessions, pruneExpiredWidgetSessions } from './widget-sessions';

/** A session is extended (sliding expiry) at most this often, to keep reads cheap. */
const REFRESH_AFTER_SECONDS = 24 * 3600;

export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  avatarUrl: string | null;
  role: Role;
  emailVerified: boolean;
  /** Their language setting, or null (then chosen per request). */
  locale: Locale | null;
  sessionHash: string;
}

export async function createSession(userId: string, meta: { ip?: string; userAgent?: string } = {}): Promise<string> {
  const token = newToken();
  await db()
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
  return token;
}

/** Signs a user in on this response: a new session and its cookie. */
export async function startSession(req: IncomingMessage, res: ServerResponse, userId: string, ip: string): Promise<void> {
  const token = await createSession(userId, { ip, userAgent: req.headers['user-agent'] });
  setSessionCookie(res, token);
}

/** The columns of a session lookup, named as `settleSession` reads them (user columns null when none). */
export interface SessionRow extends Record<string, unknown> {
  user_id: string | null;
  email: string | null;
  display_name: string | null;
  avatar_url: string | null;
  role: Role | null;
  email_verified: boolean | null;
  locale: string | null;
  stale: boolean | null;
}

/** The select list of a session lookup; goes with `sessionJoin`. */
export const sessionColumns = sql`u.id as user_id, u.email, u.display_name, u.avatar_url, u.role,
  u.email_verified_at is not null as email_verified, u.locale,
  s.expires_at < now() + make_interval(secs => ${SESSION_TTL_SECONDS - REFRESH_AFTER_SECONDS}) as stale`;

/**
 * The session rules, in one place: the session with this token hash, unexpired, and its user,
 * neither banned nor deleted. Left joins (aliases s and u), so a query can also read other rows.
 */
export const sessionJoin = (tokenHash: string | null) => sql`
  left join sessions s on s.token_hash = ${tokenHash} and s.expires_at > now()
  left join users u on u.id = s.user_id and u.banned_at is null and u.deleted_at is null`;

/**
 * Turns a session lookup's row into the signed-in user: none clears the cookie, and a session
 * more than a day into its 30 is extended (with its cookie).
 */
export async function settleSession(
  row: SessionRow | undefined,
  token: string,
  tokenHash: string,
  res?: ServerResponse,
): Promise<SessionUser | null> {
  if (!row?.user_id) {
    if (res) clearSessionCookie(res);
    return null;
  }
  if (row.stale) await refreshSession(token, tokenHash, res);
  return {
    id: row.user_id,
    email: row.email!,
    displayName: row.display_name!,
    avatarUrl: row.avatar_url,
    role: row.role!,
    emailVerified: Boolean(row.email_verified),
    locale: isLocale(row.locale) ? row.locale : null,
    sessionHash: tokenHash,
  };
}

/** The signed-in user of a request, from the session cookie: one indexed lookup. */
export async function getSessionUser(req: IncomingMessage, res?: ServerResponse): Promise<SessionUser | null> {
  const token = readSessionToken(req);
  if (!token) return null;
  const tokenHash = hashToken(token);
  const rows = await queryRows<SessionRow>(sql`select ${sessionColumns} from (values (1)) as one (x) ${sessionJoin(tokenHash)}`);
  return settleSession(rows[0], token, tokenHash, res);
}

/** Extends a session to a full lifetime from now, and its cookie with it. */
export async function refreshSession(token: string, tokenHash: string, res?: ServerResponse): Promise<void> {
  await db()
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000), lastSeenAt: new Date() })
    .where(eq(sessions.tokenHash, tokenHash));
  if (res) setSessionCookie(res, token);
}

/** Signs out this request's session. */
export async function endSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const token = readSessionToken(req);
  if (token)
    await db()
      .delete(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
  clearSessionCookie(res);
}

/** Ends every session of a user (ban, role change, password change), optionally keeping one; and every widget session. */
export async function endUserSessions(userId: string, keepSessionHash?: string): Promise<void> {
  await endUserWidgetSessions(db(), userId);
  await db()
    .delete(sessions)
    .where(keepSessionHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepSessionHash)) : eq(sessions.userId, userId));
}

export async function pruneExpiredSessions(): Promise<void> {
  await db().delete(sessions).where(lt(sessions.expiresAt, new Date()));
  await pruneExpiredWidgetSessions();
}

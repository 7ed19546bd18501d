/**
 * The embedded widget's sessions (docs/widget.md, "Signing in inside the panel"): a person
 * identified by the host product gets a short-lived token that the panel keeps in its memory and
 * sends as `Authorization: Bearer`. It is not a cookie, so a browser that blocks third-party
 * cookies still signs the person in, and no other site can make the browser send it (no CSRF).
 * The database keeps only its SHA-256, like sessions, so every instance accepts it and ending a
 * member's sessions (ban, role change, password change) ends these too.
 */
import { randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { db, queryRows, type DbOrTx } from '@/server/db/client';
import { widgetSessions } from '@/server/db/schema';
import type { Role } from '@/core/identity/roles';
import { hashToken } from './tokens';

/** Two hours, not sliding: the host product identifies the person again on its next page. */
export const WIDGET_SESSION_TTL_SECONDS = 2 * 3600;

/** `cwt_` and 43 base64url characters (256 random bits): told apart from API keys (`chorus_…`) by its shape. */
export const WIDGET_TOKEN_PATTERN = /^cwt_[A-Za-z0-9_-]{43}$/;

export const isWidgetToken = (bearer: string): boolean => WIDGET_TOKEN_PATTERN.test(bearer);

export interface NewWidgetSession {
  token: string;
  expiresAt: Date;
}

export async function createWidgetSession(from: DbOrTx, userId: string, ip?: string): Promise<NewWidgetSession> {
  const token = `cwt_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + WIDGET_SESSION_TTL_SECONDS * 1000);
  await from.insert(widgetSessions).values({ tokenHash: hashToken(token), userId, expiresAt, ip: ip ?? null });
  return { token, expiresAt };
}

export interface WidgetSessionUser {
  id: string;
  email: string;
  displayName: string;
  avatarUrl: string | null;
  role: Role;
  emailVerified: boolean;
  /** The hash of the widget token: marks the request as the widget's. */
  widgetSessionHash: string;
}

/** The member a widget token stands for: unexpired, and neither banned nor deleted. One indexed read. */
export async function resolveWidgetSession(token: string): Promise<WidgetSessionUser | null> {
  if (!isWidgetToken(token)) return null;
  const tokenHash = hashToken(token);
  const rows = await queryRows<{
    user_id: string;
    email: string;
    display_name: string;
    avatar_url: string | null;
    role: Role;
    email_verified: boolean;
  }>(sql`
    select u.id as user_id, u.email, u.display_name, u.avatar_url, u.role, u.email_verified_at is not null as email_verified
    from widget_sessions w
    join users u on u.id = w.user_id and u.banned_at is null and u.deleted_at is null
    where w.token_hash = ${tokenHash} and w.expires_at > now()`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.user_id,
    email: row.email,
    displayName: row.display_name,
    avatarUrl: row.avatar_url,
    role: row.role,
    emailVerified: Boolean(row.email_verified),
    widgetSessionHash: tokenHash,
  };
}

/** Every widget session of a member (with their other sessions: ban, role or password change). */
export async function endUserWidgetSessions(from: DbOrTx, userId: string): Promise<void> {
  await from.delete(widgetSessions).where(eq(widgetSessions.userId, userId));
}

export async function pruneExpiredWidgetSessions(): Promise<void> {
  await db().delete(widgetSessions).where(lt(widgetSessions.expiresAt, new Date()));
}

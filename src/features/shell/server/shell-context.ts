import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Role } from '@/features/accounts/schema';
import { clearSessionCookie, readSessionToken } from '@/features/accounts/server/cookies';
import { refreshSession, staleSessionSql } from '@/features/accounts/server/sessions';
import { hashToken } from '@/features/accounts/server/tokens';
import type { PublicWorkspace, Theme, WorkspaceAccess } from '@/features/settings/schema';
import { cachedWorkspace, rememberWorkspace } from '@/features/settings/server/cache';
import { queryRows } from '@/server/db/client';
import { VISITOR, type Actor } from '@/server/http/actor';

interface Row extends Record<string, unknown> {
  name: string;
  logo_url: string | null;
  accent_color: string;
  default_theme: Theme;
  access: WorkspaceAccess;
  setup_done: boolean;
  user_id: string | null;
  email: string | null;
  display_name: string | null;
  avatar_url: string | null;
  role: Role | null;
  email_verified: boolean | null;
  stale: boolean | null;
}

/**
 * What every page needs before it renders: the workspace and who is asking. One statement —
 * the workspace row, left-joined with this request's session and its user — so a signed-in page
 * costs the database no more round trips than a signed-out one. The session rules are those of
 * getSessionUser (accounts): unexpired, user neither banned nor deleted, extended once a day.
 */
export async function loadShellContext(req: IncomingMessage, res: ServerResponse): Promise<{ workspace: PublicWorkspace; actor: Actor }> {
  const token = readSessionToken(req);
  const tokenHash = token ? hashToken(token) : null;
  // A visitor needs only the workspace, which embedded PGlite can serve from memory (settings/server/cache.ts).
  const cached = token ? undefined : cachedWorkspace();
  if (cached) return { workspace: cached, actor: VISITOR };
  const rows = await queryRows<Row>(sql`
    select w.name, w.logo_url, w.accent_color, w.default_theme, w.access, w.setup_completed_at is not null as setup_done,
           u.id as user_id, u.email, u.display_name, u.avatar_url, u.role, u.email_verified_at is not null as email_verified,
           ${staleSessionSql(sql`s.expires_at`)} as stale
    from workspace_settings w
    left join sessions s on s.token_hash = ${tokenHash} and s.expires_at > now()
    left join users u on u.id = s.user_id and u.banned_at is null and u.deleted_at is null
    where w.id = 1`);
  const row = rows[0];
  if (!row) throw new Error('the workspace settings row is missing: have the migrations run?');
  const workspace: PublicWorkspace = {
    name: row.name,
    logoUrl: row.logo_url,
    accentColor: row.accent_color,
    defaultTheme: row.default_theme,
    access: row.access,
    setupDone: row.setup_done,
  };
  rememberWorkspace(workspace);
  if (!token || !tokenHash) return { workspace, actor: VISITOR };
  if (!row.user_id) {
    clearSessionCookie(res);
    return { workspace, actor: VISITOR };
  }
  if (row.stale) await refreshSession(token, tokenHash, res);
  return {
    workspace,
    actor: {
      kind: 'user',
      id: row.user_id,
      email: row.email!,
      displayName: row.display_name!,
      avatarUrl: row.avatar_url,
      role: row.role!,
      emailVerified: Boolean(row.email_verified),
      sessionHash: tokenHash,
    },
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { readSessionToken } from '@/server/identity/cookies';
import { sessionColumns, sessionJoin, settleSession, type SessionRow } from '@/server/identity/sessions';
import { hashToken } from '@/server/identity/tokens';
import type { Theme, WorkspaceAccess } from '@/core/workspace';
import { isLocale, SOURCE_LOCALE } from '@/core/i18n/locales';
import type { PublicWorkspace } from '@/core/workspace';
import { cachedWorkspace, rememberWorkspace } from '@/server/workspace';
import { queryRows } from '@/server/db/client';
import { copyStart } from '@/server/cache/visitor-cache';
import { visitorOf, type Actor } from '@/server/identity/actor';

interface Row extends SessionRow {
  name: string;
  logo_url: string | null;
  favicon_url: string | null;
  show_powered_by: boolean;
  accent_color: string;
  default_theme: Theme;
  default_locale: string;
  access: WorkspaceAccess;
  setup_done: boolean;
}

/**
 * What every page needs before it renders: the workspace and who is asking. One statement —
 * the workspace row, left-joined with this request's session and its user — so a signed-in page
 * costs the database no more round trips than a signed-out one. The session rules are those of
 * accounts' sessionJoin and settleSession, shared with getSessionUser.
 */
export async function loadShellContext(req: IncomingMessage, res: ServerResponse): Promise<ShellContextOf> {
  const known = (req as Resolved)[RESOLVED];
  if (known) return known;
  const resolved = await resolveShellContext(req, res);
  (req as Resolved)[RESOLVED] = resolved;
  return resolved;
}

type ShellContextOf = { workspace: PublicWorkspace; actor: Actor };
// Resolved once per request: the server may look the session up before the page does (shared renders).
const RESOLVED = Symbol.for('chorus.shell-context');
type Resolved = IncomingMessage & { [RESOLVED]?: ShellContextOf };

async function resolveShellContext(req: IncomingMessage, res: ServerResponse): Promise<ShellContextOf> {
  const token = readSessionToken(req);
  const tokenHash = token ? hashToken(token) : null;
  // A visitor needs only the workspace, which may be kept (src/server/workspace.ts).
  const cached = token ? undefined : cachedWorkspace();
  if (cached) return { workspace: cached, actor: visitorOf(req) };
  const start = copyStart();
  const rows = await queryRows<Row>(sql`
    select w.name, w.logo_url, w.favicon_url, w.show_powered_by, w.accent_color, w.default_theme, w.default_locale,
           w.access, w.setup_completed_at is not null as setup_done,
           ${sessionColumns}
    from workspace_settings w ${sessionJoin(tokenHash)}
    where w.id = 1`);
  const row = rows[0];
  if (!row) throw new Error('the workspace settings row is missing: have the migrations run?');
  const workspace: PublicWorkspace = {
    name: row.name,
    logoUrl: row.logo_url,
    faviconUrl: row.favicon_url,
    showPoweredBy: row.show_powered_by,
    accentColor: row.accent_color,
    defaultTheme: row.default_theme,
    defaultLocale: isLocale(row.default_locale) ? row.default_locale : SOURCE_LOCALE,
    access: row.access,
    setupDone: row.setup_done,
  };
  rememberWorkspace(workspace, start);
  if (!token || !tokenHash) return { workspace, actor: visitorOf(req) };
  const user = await settleSession(row, token, tokenHash, res);
  return { workspace, actor: user ? { kind: 'user', ...user } : visitorOf(req) };
}

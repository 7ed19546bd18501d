/**
 * The workspace as the pipeline and every page see it (name, theme, access, whether setup is
 * done): core infrastructure, read here rather than through the settings feature.
 */
import { eq } from 'drizzle-orm';
import type { PublicWorkspace } from '@/core/workspace';
import { db, getDbHandle, type DbOrTx } from '@/server/db/client';
import { workspaceSettings } from '@/server/db/schema';

/**
 * The public workspace row, kept in memory only where that is exact: with embedded PGlite this
 * process is the database's only client, so forgetting the copy whenever this process changes
 * the row (settings, setup) keeps it true. With a shared PostgreSQL every read goes to the
 * database. On globalThis because the server entry and the Next.js bundle load this module
 * separately.
 */
const KEY = Symbol.for('chorus.workspace-cache');
type WithCache = typeof globalThis & { [KEY]?: PublicWorkspace };

const exclusive = () => getDbHandle()?.exclusive === true;

export function cachedWorkspace(): PublicWorkspace | undefined {
  return exclusive() ? (globalThis as WithCache)[KEY] : undefined;
}

export function rememberWorkspace(workspace: PublicWorkspace): void {
  if (exclusive()) (globalThis as WithCache)[KEY] = workspace;
}

/** Call after any change to the workspace row has committed. */
export function forgetWorkspace(): void {
  (globalThis as WithCache)[KEY] = undefined;
}

/**
 * The workspace as any visitor may see it: what the shell needs on every page. Inside a
 * transaction pass it (`from`): embedded PGlite has one connection, which the transaction holds.
 */
export async function getPublicWorkspace(from: DbOrTx = db()): Promise<PublicWorkspace> {
  const cached = cachedWorkspace();
  if (cached) return cached;
  const [row] = await from
    .select({
      name: workspaceSettings.name,
      logoUrl: workspaceSettings.logoUrl,
      faviconUrl: workspaceSettings.faviconUrl,
      showPoweredBy: workspaceSettings.showPoweredBy,
      accentColor: workspaceSettings.accentColor,
      defaultTheme: workspaceSettings.defaultTheme,
      defaultLocale: workspaceSettings.defaultLocale,
      access: workspaceSettings.access,
      setupCompletedAt: workspaceSettings.setupCompletedAt,
    })
    .from(workspaceSettings)
    .where(eq(workspaceSettings.id, 1))
    .limit(1);
  if (!row) throw new Error('the workspace settings row is missing: have the migrations run?');
  const { setupCompletedAt, ...rest } = row;
  const workspace: PublicWorkspace = { ...rest, setupDone: setupCompletedAt !== null };
  rememberWorkspace(workspace);
  return workspace;
}

/**
 * The host origins allowed to embed the widget (workspace setting, docs/widget.md): read from the
 * database on every call, on every instance, so a change holds at once everywhere.
 */
export async function getWidgetOrigins(from: DbOrTx = db()): Promise<string[]> {
  const [row] = await from
    .select({ widgetOrigins: workspaceSettings.widgetOrigins })
    .from(workspaceSettings)
    .where(eq(workspaceSettings.id, 1))
    .limit(1);
  return row?.widgetOrigins ?? [];
}

/**
 * The workspace as the pipeline and every page see it (name, theme, access, whether setup is
 * done): core infrastructure, read here rather than through the settings feature.
 */
import { eq } from 'drizzle-orm';
import type { PublicWorkspace } from '@/core/workspace';
import { db, inTransaction, type DbOrTx } from '@/server/db/client';
import { copyStart, forgetKept, keep, peekKept, type CopyStart } from '@/server/cache/visitor-cache';
import { workspaceSettings } from '@/server/db/schema';

/**
 * The public workspace row, kept as every other data copy is (src/server/cache/visitor-cache.ts):
 * current until the next committed change here or announced by another instance, and forgotten
 * at once when this process changes the row (settings, setup, import).
 */
const WORKSPACE_KEY = 'workspace';

/** The kept workspace row, if there is a current one. */
export const cachedWorkspace = (): PublicWorkspace | undefined => peekKept<PublicWorkspace>(WORKSPACE_KEY);

/** Keeps the workspace row read since `start` (copyStart(), taken before reading it). */
export function rememberWorkspace(workspace: PublicWorkspace, start: CopyStart): void {
  keep(WORKSPACE_KEY, workspace, start, 'none');
}

/** Call after any change to the workspace row has committed. */
export function forgetWorkspace(): void {
  forgetKept(WORKSPACE_KEY);
}

/**
 * The workspace as any visitor may see it: what the shell needs on every page. Inside a
 * transaction pass it (`from`): embedded PGlite has one connection, which the transaction holds.
 */
export async function getPublicWorkspace(from: DbOrTx = db()): Promise<PublicWorkspace> {
  const cached = cachedWorkspace();
  if (cached) return cached;
  const start = copyStart();
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
  // What a transaction reads may never commit: only what is read outside one is kept.
  if (!inTransaction()) rememberWorkspace(workspace, start);
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

import type { z } from 'zod';
import { recordAudit } from '@/features/audit/server/service';
import { db } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import { WORKSPACE_SETTING_KEYS, workspaceSettingsSchema, type WorkspaceSettings, type workspaceSettingsPatch } from '../schema';
import { forgetWorkspace } from '@/server/workspace';
import { getWorkspaceSettings, updateWorkspaceSettings, type WorkspaceSettingsRow } from './queries';

function settingsOf(row: WorkspaceSettingsRow): WorkspaceSettings {
  const {
    name,
    accentColor,
    defaultTheme,
    defaultLocale,
    access,
    signupPolicy,
    allowedDomains,
    moderation,
    emailConfirmation,
    showPoweredBy,
    widgetOrigins,
  } = row;
  return {
    name,
    accentColor,
    defaultTheme,
    defaultLocale,
    access,
    signupPolicy,
    allowedDomains,
    moderation,
    emailConfirmation,
    showPoweredBy,
    widgetOrigins,
  };
}

function pick(settings: WorkspaceSettings, keys: readonly (keyof WorkspaceSettings)[]): Partial<WorkspaceSettings> {
  return Object.fromEntries(keys.map((k) => [k, settings[k]]));
}

async function requireRow(row: Promise<WorkspaceSettingsRow | undefined>): Promise<WorkspaceSettingsRow> {
  const found = await row;
  // The first migration inserts the row; without it the database is not migrated.
  if (!found) throw new Error('workspace_settings has no row');
  return found;
}

/** Every setting an admin edits (GET /api/v1/admin/settings, /admin/settings). */
export async function getWorkspaceSettingsForAdmin(): Promise<WorkspaceSettings> {
  return settingsOf(await requireRow(getWorkspaceSettings(db())));
}

/**
 * Applies a partial change. The row is locked, the patch merged into it and the result checked
 * as a whole (e.g. a domain allowlist needs domains); only what changed is written and audited.
 */
export async function updateWorkspaceSettingsAs(
  actor: { id: string; displayName: string },
  patch: z.output<typeof workspaceSettingsPatch>,
  ip: string,
): Promise<WorkspaceSettings> {
  const result = await db().transaction(async (tx) => {
    const before = settingsOf(await requireRow(getWorkspaceSettings(tx, { forUpdate: true })));
    const merged = workspaceSettingsSchema.safeParse({ ...before, ...patch });
    if (!merged.success) {
      const fields: Record<string, string> = {};
      for (const issue of merged.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
      throw new AppError('VALIDATION_FAILED', undefined, { fields });
    }
    const after = merged.data;
    const changed = WORKSPACE_SETTING_KEYS.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    if (changed.length === 0) return before;
    await updateWorkspaceSettings(tx, pick(after, changed));
    await recordAudit(
      {
        actor,
        action: 'workspace.settings_changed',
        targetType: 'workspace',
        targetId: '1',
        before: pick(before, changed),
        after: pick(after, changed),
        ip,
      },
      tx,
    );
    return after;
  });
  forgetWorkspace();
  return result;
}

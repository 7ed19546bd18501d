/**
 * The workspace's logo and favicon (issue 11, Branding): uploaded through the attachments' image
 * pipeline (sniffed, metadata stripped, resized to PNG), recorded on the settings row in the same
 * transaction that stores them, the replaced image deleted with it. Every page, email and the
 * shell's cached workspace read the new URL at once (forgetWorkspace; route() empties the
 * visitors' copies on every write).
 */
import { recordAudit } from '@/features/audit/server/service';
import { brandingIdOf, prepareBrandingImage, removeAttachments, storeBrandingImage } from '@/features/attachments/server/service';
import { db } from '@/server/db/client';
import { forgetWorkspace } from '@/server/workspace';
import { getWorkspaceSettings, updateWorkspaceSettings, type WorkspaceSettingsRow } from './queries';

export const BRANDING_ASSETS = ['logo', 'favicon'] as const;
export type BrandingAsset = (typeof BRANDING_ASSETS)[number];

const column = (asset: BrandingAsset) => (asset === 'logo' ? 'logoUrl' : 'faviconUrl') satisfies keyof WorkspaceSettingsRow;

async function change(actor: { id: string; displayName: string }, asset: BrandingAsset, ip: string, bytes: Uint8Array | null) {
  const image = bytes ? await prepareBrandingImage(asset, bytes) : null;
  const result = await db().transaction(async (tx) => {
    const row = await getWorkspaceSettings(tx, { forUpdate: true });
    if (!row) throw new Error('workspace_settings has no row');
    const before = row[column(asset)];
    const stored = image ? await storeBrandingImage(tx, asset, image, actor.id) : null;
    const after = stored?.url ?? null;
    const updated = await updateWorkspaceSettings(tx, { [column(asset)]: after });
    const previous = brandingIdOf(before);
    if (previous) await removeAttachments(tx, [previous]);
    if (before !== after) {
      await recordAudit(
        {
          actor,
          action:
            asset === 'logo'
              ? stored
                ? 'workspace.logo_changed'
                : 'workspace.logo_removed'
              : stored
                ? 'workspace.favicon_changed'
                : 'workspace.favicon_removed',
          targetType: 'workspace',
          targetId: '1',
          before: { [column(asset)]: before },
          after: { [column(asset)]: after },
          ip,
        },
        tx,
      );
    }
    return { logoUrl: updated!.logoUrl, faviconUrl: updated!.faviconUrl };
  });
  forgetWorkspace();
  return result;
}

/** Replaces the logo or favicon with an uploaded image. */
export const setBrandingImage = (actor: { id: string; displayName: string }, asset: BrandingAsset, bytes: Uint8Array, ip: string) =>
  change(actor, asset, ip, bytes);

/** Removes the logo or favicon (the accent square and Chorus's favicon come back). */
export const removeBrandingImage = (actor: { id: string; displayName: string }, asset: BrandingAsset, ip: string) =>
  change(actor, asset, ip, null);

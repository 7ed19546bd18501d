import { canAdminister } from '@/core/identity/policy';
import { anyone } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { workspaceSettingsPatch } from '../schema';
import { getWorkspaceSettingsForAdmin, updateWorkspaceSettingsAs } from './service';
import { getPublicWorkspace } from '@/server/workspace';
import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '@/features/attachments/enums';
import { BRANDING_ASSETS, removeBrandingImage, setBrandingImage } from './branding-service';

const brandingParams = z.object({ asset: z.enum(BRANDING_ASSETS, { message: 'Choose logo or favicon' }) });

/**
 * PUT (the image file as the body) and DELETE /api/v1/admin/branding/{logo|favicon} (admins).
 * Answers the workspace's current logo and favicon URLs.
 */
export const adminBrandingRoute = route('/api/v1/admin/branding/{asset}', {
  PUT: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    query: brandingParams,
    upload: { maxBytes: MAX_IMAGE_BYTES },
    rateLimit: { name: 'branding', limit: 30, windowSeconds: 3600 },
    summary: 'Upload the logo or favicon',
    description:
      'The request body is the image file (at most 5 MiB; PNG, JPEG, GIF or WebP, recognised by its content). ' +
      'The logo is kept at most 1024 px and shown 96 px high; the favicon as 32 px and 180 px squares (PNG). ' +
      'It replaces the previous one, which is deleted.',
    errors: ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
    handle: async ({ actor, query, file, ip }) => json(await setBrandingImage(actor, query.asset, file ?? Buffer.alloc(0), ip)),
  }),
  DELETE: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    query: brandingParams,
    summary: 'Remove the logo or favicon',
    handle: async ({ actor, query, ip }) => json(await removeBrandingImage(actor, query.asset, ip)),
  }),
});

/** Every workspace setting (admins). */
export const adminSettingsRoute = route('/api/v1/admin/settings', {
  GET: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    handle: async () => json(await getWorkspaceSettingsForAdmin()),
  }),
  PATCH: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    body: workspaceSettingsPatch,
    handle: async ({ actor, body, ip }) => json(await updateWorkspaceSettingsAs(actor, body, ip)),
  }),
});

/**
 * The workspace's public face (name, logo, colour, theme, access). A public read: in a
 * sign-in-required workspace visitors get 401 here, like every other read (see route()).
 */
export const workspaceRoute = route('/api/v1/workspace', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    widget: true,
    handle: async () => {
      const { name, logoUrl, faviconUrl, showPoweredBy, accentColor, defaultTheme, defaultLocale, access } = await getPublicWorkspace();
      return json({ name, logoUrl, faviconUrl, showPoweredBy, accentColor, defaultTheme, defaultLocale, access });
    },
  }),
});

import { canAdminister } from '@/core/identity/policy';
import { anyone } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { brandingSchema, publicWorkspaceSchema, workspaceSettingsPatch, workspaceSettingsResponseSchema } from '../schema';
import { getWorkspaceSettingsForAdmin, updateWorkspaceSettingsAs } from './service';
import { getPublicWorkspace } from '@/server/workspace';
import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '@/features/attachments/enums';
import { BRANDING_ASSETS, removeBrandingImage, setBrandingImage } from './branding-service';

const brandingParams = z.object({
  asset: z.enum(BRANDING_ASSETS, { message: 'Choose logo or favicon' }).describe('Which image: `logo` or `favicon`.'),
});

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
      'It replaces the previous one, which is deleted. Answers the current logo and favicon URLs.',
    errors: ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
    response: brandingSchema,
    handle: async ({ actor, query, file, ip }) => json(await setBrandingImage(actor, query.asset, file ?? Buffer.alloc(0), ip)),
  }),
  DELETE: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    query: brandingParams,
    summary: 'Remove the logo or favicon',
    description:
      'Admins remove the uploaded logo (the accent-coloured square is shown again) or favicon (Chorus’s own comes back). ' +
      'Answers the current logo and favicon URLs.',
    response: brandingSchema,
    handle: async ({ actor, query, ip }) => json(await removeBrandingImage(actor, query.asset, ip)),
  }),
});

/** Every workspace setting (admins). */
export const adminSettingsRoute = route('/api/v1/admin/settings', {
  GET: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    summary: 'Get the workspace settings',
    description:
      'Every workspace setting an admin edits: name, accent colour, theme, language, who may read, sign-up policy and ' +
      'allowed domains, moderation, email confirmation, the footer credit and the origins that may embed the widget.',
    response: workspaceSettingsResponseSchema,
    handle: async () => json(await getWorkspaceSettingsForAdmin()),
  }),
  PATCH: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    body: workspaceSettingsPatch,
    summary: 'Change workspace settings',
    description:
      'Admins change any subset of the settings; the result is checked as a whole (a domain allowlist needs at least one ' +
      'domain), and only what changed is written and audited. Answers every setting.',
    response: workspaceSettingsResponseSchema,
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
    summary: 'Get the workspace’s public face',
    description:
      'The workspace as its readers see it: name, logo and favicon URLs, accent colour, default theme and language, whether ' +
      'the footer names Chorus, and who may read it. In a workspace that requires sign-in, visitors get 401.',
    response: publicWorkspaceSchema,
    handle: async () => {
      const { name, logoUrl, faviconUrl, showPoweredBy, accentColor, defaultTheme, defaultLocale, access } = await getPublicWorkspace();
      return json({ name, logoUrl, faviconUrl, showPoweredBy, accentColor, defaultTheme, defaultLocale, access });
    },
  }),
});

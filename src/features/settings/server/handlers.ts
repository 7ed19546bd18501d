import { canAdminister } from '@/core/identity/policy';
import { anyone } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { workspaceSettingsPatch } from '../schema';
import { getWorkspaceSettingsForAdmin, updateWorkspaceSettingsAs } from './service';
import { getPublicWorkspace } from '@/server/workspace';

/** Every workspace setting (admins). */
export const adminSettingsRoute = route({
  GET: endpoint({
    authorize: canAdminister,
    handle: async () => json(await getWorkspaceSettingsForAdmin()),
  }),
  PATCH: endpoint({
    authorize: canAdminister,
    body: workspaceSettingsPatch,
    handle: async ({ actor, body, ip }) => json(await updateWorkspaceSettingsAs(actor, body, ip)),
  }),
});

/**
 * The workspace's public face (name, logo, colour, theme, access). A public read: in a
 * sign-in-required workspace visitors get 401 here, like every other read (see route()).
 */
export const workspaceRoute = route({
  GET: endpoint({
    authorize: anyone,
    handle: async () => {
      const { name, logoUrl, accentColor, defaultTheme, access } = await getPublicWorkspace();
      return json({ name, logoUrl, accentColor, defaultTheme, access });
    },
  }),
});

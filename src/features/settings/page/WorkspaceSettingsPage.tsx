import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { WorkspaceSettingsForm } from '../client/WorkspaceSettingsForm';
import { BrandingSettings } from '../client/BrandingSettings';
import type { WorkspaceSettings } from '../schema';
import type { SsoSettingsView } from '@/features/accounts/sso-schema';
import { SsoSettings } from '../client/SsoSettings';

export type WorkspaceSettingsPageProps = { settings: WorkspaceSettings; smtpConfigured: boolean; sso: SsoSettingsView };

/** `/admin/settings`: the workspace's name, look, access, sign-up policy, email confirmation, moderation and single sign-on (admins only). */
export default function WorkspaceSettingsPage({ shell, settings, smtpConfigured, sso }: ShellProps & WorkspaceSettingsPageProps) {
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title="Workspace settings" siteName={shell.workspace.name}>
        How the workspace looks, who can read it, and who can join.
      </PageHeading>
      <div className="flex flex-col gap-10">
        <BrandingSettings logoUrl={shell.workspace.logoUrl} faviconUrl={shell.workspace.faviconUrl} />
        <WorkspaceSettingsForm settings={settings} smtpConfigured={smtpConfigured} />
        <SsoSettings settings={sso} />
      </div>
    </>
  );
}

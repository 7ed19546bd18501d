import { useTranslations } from 'use-intl';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { WorkspaceSettingsForm } from '../client/WorkspaceSettingsForm';
import { BrandingSettings } from '../client/BrandingSettings';
import { IdentifySettings } from '../client/IdentifySettings';
import type { WorkspaceSettings } from '../schema';
import type { IdentifySettings as IdentifySetup } from '@/features/identify/schema';
import type { SsoSettingsView } from '@/features/accounts/sso-schema';
import { SsoSettings } from '../client/SsoSettings';

export type WorkspaceSettingsPageProps = {
  settings: WorkspaceSettings;
  smtpConfigured: boolean;
  identify: IdentifySetup;
  sso: SsoSettingsView;
};

/**
 * `/admin/settings`: the workspace's name, look, access, sign-up policy, email confirmation,
 * moderation, single sign-on, and sign-in from the host product (identify), for admins only.
 */
export default function WorkspaceSettingsPage({ shell, settings, smtpConfigured, identify, sso }: ShellProps & WorkspaceSettingsPageProps) {
  const t = useTranslations('teamAdmin');
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title={t('settings.page.title')} siteName={shell.workspace.name}>
        {t('settings.page.intro')}
      </PageHeading>
      <div className="flex flex-col gap-10">
        <BrandingSettings logoUrl={shell.workspace.logoUrl} faviconUrl={shell.workspace.faviconUrl} />
        <WorkspaceSettingsForm settings={settings} smtpConfigured={smtpConfigured} />
        <SsoSettings settings={sso} />
        <IdentifySettings initial={identify} />
      </div>
    </>
  );
}

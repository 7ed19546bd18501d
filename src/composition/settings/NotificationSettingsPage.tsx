import { useTranslations } from 'use-intl';
import type { ShellProps } from '@/core/shell';
import { SettingsLayout, SettingsSection } from '@/features/accounts/client/settings/SettingsLayout';
import { PreferencesForm } from '@/features/notifications/client/PreferencesForm';
import type { Preference } from '@/features/notifications/schema';

export type NotificationSettingsProps = { preferences: Preference[] };

/** `/settings/notifications`: each event × channel (SPEC.md §2), inside the settings pages. */
export default function NotificationSettingsPage({ shell, preferences }: ShellProps & Partial<NotificationSettingsProps>) {
  const t = useTranslations('notifications');
  if (!preferences) return null;
  return (
    <SettingsLayout title={t('settings.title')} siteName={shell.workspace.name}>
      <SettingsSection id="notifications" title={t('settings.section')} description={t('settings.description')}>
        <PreferencesForm initial={preferences} />
      </SettingsSection>
    </SettingsLayout>
  );
}

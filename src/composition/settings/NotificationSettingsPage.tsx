import type { ShellProps } from '@/core/shell';
import { SettingsLayout, SettingsSection } from '@/features/accounts/client/settings/SettingsLayout';
import { PreferencesForm } from '@/features/notifications/client/PreferencesForm';
import type { Preference } from '@/features/notifications/schema';

export type NotificationSettingsProps = { preferences: Preference[] };

/** `/settings/notifications`: each event × channel (SPEC.md §2), inside the settings pages. */
export default function NotificationSettingsPage({ shell, preferences }: ShellProps & Partial<NotificationSettingsProps>) {
  if (!preferences) return null;
  return (
    <SettingsLayout title="Notification settings" siteName={shell.workspace.name}>
      <SettingsSection
        id="notifications"
        title="What you hear about"
        description="Emails that arrive within a couple of minutes of each other come as one. Every email has a link to unsubscribe."
      >
        <PreferencesForm initial={preferences} />
      </SettingsSection>
    </SettingsLayout>
  );
}

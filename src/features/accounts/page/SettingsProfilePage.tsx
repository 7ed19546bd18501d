import type { ShellProps } from '@/core/shell';
import { EmailForm } from '../client/settings/EmailForm';
import { PasswordForm } from '../client/settings/PasswordForm';
import { ProfileForm } from '../client/settings/ProfileForm';
import { SettingsLayout, SettingsSection } from '../client/settings/SettingsLayout';

interface Props extends ShellProps {
  pendingEmail: string | null;
}

/** `/settings`: the signed-in person's profile, email address and password. */
export default function SettingsProfilePage({ shell, pendingEmail }: Props) {
  const viewer = shell.viewer;
  if (!viewer) return null; // getServerSideProps sends visitors to sign in
  return (
    <SettingsLayout title="Profile settings" siteName={shell.workspace.name}>
      <SettingsSection id="profile" title="Profile">
        <ProfileForm viewer={viewer} />
      </SettingsSection>
      <SettingsSection id="email" title="Email address" description="You sign in with it, and the emails this site sends you go to it.">
        <EmailForm email={viewer.email} pendingEmail={pendingEmail} />
      </SettingsSection>
      <SettingsSection id="password" title="Password">
        <PasswordForm email={viewer.email} />
      </SettingsSection>
    </SettingsLayout>
  );
}

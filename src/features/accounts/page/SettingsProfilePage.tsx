import { useTranslations } from 'use-intl';
import type { ShellProps } from '@/core/shell';
import type { Locale } from '@/core/i18n/locales';
import { EmailForm } from '../client/settings/EmailForm';
import { LanguageForm } from '../client/settings/LanguageForm';
import { PasswordForm } from '../client/settings/PasswordForm';
import { ProfileForm } from '../client/settings/ProfileForm';
import { SettingsLayout, SettingsSection } from '../client/settings/SettingsLayout';

interface Props extends ShellProps {
  pendingEmail: string | null;
  /** False for an account that signs in by emailed links only: it sets a first password without a current one. */
  hasPassword: boolean;
  canSendEmail: boolean;
  /** Their language setting (users.locale); null: automatic. */
  ownLocale: Locale | null;
}

/** `/settings`: the signed-in person's profile, email address and password. */
export default function SettingsProfilePage({ shell, pendingEmail, hasPassword, canSendEmail, ownLocale = null }: Props) {
  const t = useTranslations('language');
  const a = useTranslations('account');
  const viewer = shell.viewer;
  if (!viewer) return null; // getServerSideProps sends visitors to sign in
  return (
    <SettingsLayout title={a('profileSettings.title')} siteName={shell.workspace.name}>
      <SettingsSection id="profile" title={a('settingsNav.profile')}>
        <ProfileForm viewer={viewer} />
      </SettingsSection>
      <SettingsSection id="language" title={t('label')}>
        <LanguageForm locale={ownLocale} />
      </SettingsSection>
      <SettingsSection id="email" title={a('emailForm.section')} description={a('emailForm.description')}>
        <EmailForm
          email={viewer.email}
          pendingEmail={pendingEmail}
          hasPassword={hasPassword}
          canSendEmail={canSendEmail}
          verified={viewer.emailVerified}
        />
      </SettingsSection>
      <SettingsSection id="password" title={hasPassword ? a('passwordForm.section') : a('passwordForm.sectionNew')}>
        <PasswordForm email={viewer.email} hasPassword={hasPassword} />
      </SettingsSection>
    </SettingsLayout>
  );
}

import { useTranslations } from 'use-intl';
import type { ShellProps } from '@/core/shell';
import { DELETED_PERSON_NAME } from '@/core/identity/person';
import { DeleteAccountDialog } from '../client/settings/DeleteAccountDialog';
import { SettingsLayout, SettingsSection } from '../client/settings/SettingsLayout';

/** `/settings/account`: download one's data, or delete the account. */
export default function SettingsAccountPage({ shell }: ShellProps) {
  const t = useTranslations('account');
  return (
    <SettingsLayout title={t('accountSettings.title')} siteName={shell.workspace.name}>
      <SettingsSection id="export" title={t('accountSettings.export')} description={t('accountSettings.exportDescription')}>
        {/* A plain link: /api paths are not pages, and the browser saves the answer as a file. */}
        <a
          href="/api/v1/me/export"
          download
          className="inline-flex items-center justify-center rounded-md border border-border bg-surface px-4
            py-2 text-sm font-medium text-fg no-underline hover:bg-bg"
          data-testid="export-link"
        >
          {t('accountSettings.export')}
        </a>
      </SettingsSection>
      <SettingsSection
        id="delete"
        title={t('accountSettings.delete')}
        description={t('accountSettings.deleteDescription', { name: DELETED_PERSON_NAME })}
      >
        <DeleteAccountDialog />
      </SettingsSection>
    </SettingsLayout>
  );
}

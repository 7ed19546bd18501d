import type { ShellProps } from '@/core/shell';
import { DELETED_PERSON_NAME } from '@/core/identity/person';
import { DeleteAccountDialog } from '../client/settings/DeleteAccountDialog';
import { SettingsLayout, SettingsSection } from '../client/settings/SettingsLayout';

/** `/settings/account`: download one's data, or delete the account. */
export default function SettingsAccountPage({ shell }: ShellProps) {
  return (
    <SettingsLayout title="Account settings" siteName={shell.workspace.name}>
      <SettingsSection
        id="export"
        title="Download my data"
        description="A JSON file with your profile, your signed-in sessions (when, from which address and browser), and your posts, comments and votes."
      >
        {/* A plain link: /api paths are not pages, and the browser saves the answer as a file. */}
        <a
          href="/api/v1/me/export"
          download
          className="inline-flex items-center justify-center rounded-md border border-border bg-surface px-4
            py-2 text-sm font-medium text-fg no-underline hover:bg-bg"
          data-testid="export-link"
        >
          Download my data
        </a>
      </SettingsSection>
      <SettingsSection
        id="delete"
        title="Delete my account"
        description={`Erases your personal data and signs you out everywhere. Your posts and comments stay, shown as written by “${DELETED_PERSON_NAME}”.`}
      >
        <DeleteAccountDialog />
      </SettingsSection>
    </SettingsLayout>
  );
}

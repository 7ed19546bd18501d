import { Alert } from '@/components/ui/Alert';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { OutboxList } from '../client/OutboxList';
import type { OutboxPage as OutboxPageData } from '../schema';

/** `/admin/outbox`: every email the workspace sent or queued, for admins (SPEC.md §7). */
export type OutboxPageProps = { outbox: OutboxPageData };

export default function OutboxPage({ shell, outbox }: ShellProps & Partial<OutboxPageProps>) {
  if (!outbox) return null;
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title="Outbox" siteName={shell.workspace.name}>
        Every email the workspace has sent or queued, newest first. Open one to read it.
      </PageHeading>
      <div className="flex flex-col gap-4">
        {outbox.smtpConfigured ? null : (
          <Alert testId="smtp-off">
            No mail server is configured (<code>SMTP_URL</code>), so emails are kept here and not sent. Set <code>SMTP_URL</code> to deliver
            them.
          </Alert>
        )}
        {outbox.items.length === 0 ? (
          <EmptyState title="No emails yet" testId="outbox-empty">
            Emails the workspace sends, such as sign-up confirmations and password resets, appear here.
          </EmptyState>
        ) : (
          <OutboxList initial={outbox} />
        )}
      </div>
    </>
  );
}

import type { ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { OutboxList } from '../client/OutboxList';
import type { OutboxPage as OutboxPageData } from '../schema';

/** `/admin/outbox`: every email the workspace sent or queued, for admins (SPEC.md §7). */
export type OutboxPageProps = { outbox: OutboxPageData };

const code = (chunks: ReactNode) => <code>{chunks}</code>;

export default function OutboxPage({ shell, outbox }: ShellProps & Partial<OutboxPageProps>) {
  const t = useTranslations('teamAdmin');
  if (!outbox) return null;
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title={t('outbox.title')} siteName={shell.workspace.name}>
        {t('outbox.intro')}
      </PageHeading>
      <div className="flex flex-col gap-4">
        {outbox.smtpConfigured ? null : <Alert testId="smtp-off">{t.rich('outbox.smtpOff', { code })}</Alert>}
        {outbox.items.length === 0 ? (
          <EmptyState title={t('outbox.emptyTitle')} testId="outbox-empty">
            {t('outbox.empty')}
          </EmptyState>
        ) : (
          <OutboxList initial={outbox} />
        )}
      </div>
    </>
  );
}

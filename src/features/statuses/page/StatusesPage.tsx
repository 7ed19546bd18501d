import { useTranslations } from 'use-intl';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { StatusesManager } from '../client/StatusesManager';
import type { Status } from '../schema';

export type StatusesPageProps = { statuses: Status[] };

/** `/admin/statuses`: the statuses a post can be in, their order, colours and categories. */
export default function StatusesPage({ shell, statuses }: ShellProps & StatusesPageProps) {
  const t = useTranslations('teamSetup.statuses');
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title={t('title')} siteName={shell.workspace.name}>
        {t('intro')}
      </PageHeading>
      <StatusesManager initial={statuses} />
    </>
  );
}

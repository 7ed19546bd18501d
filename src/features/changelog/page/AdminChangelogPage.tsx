import { useTranslations } from 'use-intl';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { ChangelogManager } from '../client/ChangelogManager';
import type { ChangelogLabel, TeamEntry } from '../schema';

export type AdminChangelogPageProps = {
  entries: TeamEntry[];
  labels: ChangelogLabel[];
  doneStatuses: { id: string; name: string }[];
  canAddLabels: boolean;
};

/** `/admin/changelog`: write, schedule and publish changelog entries. */
export default function AdminChangelogPage({ shell, entries, labels, doneStatuses, canAddLabels }: ShellProps & AdminChangelogPageProps) {
  const t = useTranslations('portalTeam');
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title={t('changelog.title')} siteName={shell.workspace.name}>
        {t('changelog.intro')}
      </PageHeading>
      <ChangelogManager initial={entries} labels={labels} doneStatuses={doneStatuses} canAddLabels={canAddLabels} />
    </>
  );
}

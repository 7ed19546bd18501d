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
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title="Changelog" siteName={shell.workspace.name}>
        Write what shipped, link the posts it answers, and publish now or at a set time.
      </PageHeading>
      <ChangelogManager initial={entries} labels={labels} doneStatuses={doneStatuses} canAddLabels={canAddLabels} />
    </>
  );
}

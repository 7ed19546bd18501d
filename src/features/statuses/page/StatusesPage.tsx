import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { StatusesManager } from '../client/StatusesManager';
import type { Status } from '../schema';

export type StatusesPageProps = { statuses: Status[] };

/** `/admin/statuses`: the statuses a post can be in, their order, colours and categories. */
export default function StatusesPage({ shell, statuses }: ShellProps & StatusesPageProps) {
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title="Statuses" siteName={shell.workspace.name}>
        A post moves through these. The category decides whether voting is open (open, planned, in progress).
      </PageHeading>
      <StatusesManager initial={statuses} />
    </>
  );
}

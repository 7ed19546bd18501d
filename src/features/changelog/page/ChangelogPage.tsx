import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeading } from '@/components/ui/PageHeading';
import type { ShellProps } from '@/features/shell/types';

/** `/changelog`: published entries, each linking the requests it shipped. */
export default function ChangelogPage({ shell }: ShellProps) {
  return (
    <>
      <PageHeading title="Changelog" siteName={shell.workspace.name}>
        New features, improvements and fixes, as they ship.
      </PageHeading>
      <EmptyState title="No updates published yet" testId="changelog-empty">
        When the team publishes an update, it appears here with the requests it delivered.
      </EmptyState>
    </>
  );
}

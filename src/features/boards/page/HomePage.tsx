import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeading } from '@/components/ui/PageHeading';
import type { ShellProps } from '@/features/shell/types';

/** `/`: the boards and the trending posts across them. */
export default function HomePage({ shell }: ShellProps) {
  return (
    <>
      <PageHeading title="Boards" siteName={shell.workspace.name}>
        Share ideas, vote on what matters to you, and follow what the team is building.
      </PageHeading>
      <EmptyState title="No boards yet" testId="boards-empty">
        When the team creates a board, it appears here and you can post requests and vote on them.
      </EmptyState>
    </>
  );
}

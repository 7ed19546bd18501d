import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeading } from '@/components/ui/PageHeading';
import type { ShellProps } from '@/features/shell/types';

/** `/roadmap`: posts by status category (planned, in progress, done). */
export default function RoadmapPage({ shell }: ShellProps) {
  return (
    <>
      <PageHeading title="Roadmap" siteName={shell.workspace.name}>
        What the team has planned, what is in progress, and what has shipped.
      </PageHeading>
      <EmptyState title="Nothing on the roadmap yet" testId="roadmap-empty">
        Requests appear here once the team marks them as planned or starts working on them.
      </EmptyState>
    </>
  );
}

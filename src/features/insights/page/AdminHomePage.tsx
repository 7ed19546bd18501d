import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/features/shell/client/TeamNav';
import type { ShellProps } from '@/features/shell/types';

/** `/admin`: the team's insights. Moderators and admins only; members get 403, visitors the sign-in page. */
export default function AdminHomePage({ shell }: ShellProps) {
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title="Insights" siteName={shell.workspace.name}>
        How feedback is coming in: posts, votes and comments over time.
      </PageHeading>
      <EmptyState title="No activity yet" testId="insights-empty">
        Charts appear here once people start posting and voting.
      </EmptyState>
    </>
  );
}

import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { InboxSections } from '../client/InboxSections';
import type { Inbox } from '../schema';

export type InboxPageProps = { inbox: Inbox };

/** `/admin/inbox`: what awaits the team — posts and comments to approve, and new posts without a status. */
export default function InboxPage({ shell, inbox }: ShellProps & InboxPageProps) {
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title="Inbox" siteName={shell.workspace.name}>
        Approve or reject what waits for moderation, then give new posts a status.
      </PageHeading>
      <InboxSections initial={inbox} />
    </>
  );
}

import Link from 'next/link';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { InboxSections } from '../client/InboxSections';
import type { Inbox } from '../schema';

export type InboxPageProps = { inbox: Inbox };

/** `/admin/inbox/comments`: comments awaiting approval (posts are triaged at /admin/inbox). */
export default function InboxPage({ shell, inbox }: ShellProps & InboxPageProps) {
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title="Comments awaiting approval" siteName={shell.workspace.name}>
        Approve a comment to show it on its post, or reject it. <Link href="/admin/inbox">Back to the inbox</Link>
      </PageHeading>
      <InboxSections initial={inbox} />
    </>
  );
}

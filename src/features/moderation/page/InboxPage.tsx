import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { InboxSections } from '../client/InboxSections';
import type { Inbox } from '../schema';

export type InboxPageProps = { inbox: Inbox };

/** `/admin/inbox/comments`: comments awaiting approval (posts are triaged at /admin/inbox). */
export default function InboxPage({ shell, inbox }: ShellProps & InboxPageProps) {
  const t = useTranslations('teamWork.moderation');
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title={t('title')} siteName={shell.workspace.name}>
        {t.rich('intro', { link: (chunks) => <Link href="/admin/inbox">{chunks}</Link> })}
      </PageHeading>
      <InboxSections initial={inbox} />
    </>
  );
}

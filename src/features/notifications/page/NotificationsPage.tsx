import Link from 'next/link';
import { PageHeading } from '@/components/ui/PageHeading';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { NotificationList } from '../client/NotificationList';
import type { NotificationPage } from '../schema';

export type NotificationsPageProps = { page: NotificationPage };

/** `/notifications`: the signed-in person's notifications (SPEC.md §2). */
export default function NotificationsPage({ shell, page }: ShellProps & Partial<NotificationsPageProps>) {
  if (!page) return null;
  return (
    <>
      <PageHeading title="Notifications" siteName={shell.workspace.name}>
        What happened on the posts you follow. Choose what you hear about in your{' '}
        <Link href={paths.settingsNotifications()}>notification preferences</Link>.
      </PageHeading>
      <NotificationList initial={page} />
    </>
  );
}

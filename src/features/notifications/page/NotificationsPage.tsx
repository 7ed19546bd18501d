import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { PageHeading } from '@/components/ui/PageHeading';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { NotificationList } from '../client/NotificationList';
import type { NotificationPage } from '../schema';

export type NotificationsPageProps = { page: NotificationPage };

/** `/notifications`: the signed-in person's notifications (SPEC.md §2). */
export default function NotificationsPage({ shell, page }: ShellProps & Partial<NotificationsPageProps>) {
  const t = useTranslations('notifications');
  if (!page) return null;
  return (
    <>
      <PageHeading title={t('label')} siteName={shell.workspace.name}>
        {t.rich('page.intro', { link: (chunks) => <Link href={paths.settingsNotifications()}>{chunks}</Link> })}
      </PageHeading>
      <NotificationList initial={page} />
    </>
  );
}

import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { PageHeading } from '@/components/ui/PageHeading';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { UnsubscribeConfirm } from '../client/UnsubscribeConfirm';
import type { NotificationKind } from '../enums';

export type UnsubscribePageProps = { token: string | null; kinds: NotificationKind[] | null };

/**
 * `/unsubscribe?token=`: the link in every notification email. Opening it changes nothing (mail
 * scanners open links); the button does. No sign-in needed: the signed token names the person.
 */
export default function UnsubscribePage({ shell, token, kinds }: ShellProps & Partial<UnsubscribePageProps>) {
  const t = useTranslations('notifications');
  return (
    <>
      <PageHeading title={t('unsubscribe.title')} siteName={shell.workspace.name} />
      <div className="max-w-xl rounded-xl border border-border bg-surface p-4 sm:p-6">
        {token && kinds ? (
          <UnsubscribeConfirm token={token} kinds={kinds} />
        ) : (
          <Alert tone="error" testId="unsubscribe-invalid">
            {t.rich('unsubscribe.invalid', { link: (chunks) => <Link href={paths.settingsNotifications()}>{chunks}</Link> })}
          </Alert>
        )}
      </div>
    </>
  );
}

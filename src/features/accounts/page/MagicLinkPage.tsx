import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { AuthCard, linkClass } from '../client/AuthCard';
import { TokenAction } from '../client/TokenAction';

/** Pages opened from an emailed link carry its token (null when the link was cut short). */
export type TokenPageProps = { token: string | null };

/** `/magic-link?token=`: signs in with an emailed one-time link. */
export default function MagicLinkPage({ shell, token = null }: ShellProps & Partial<TokenPageProps>) {
  const t = useTranslations('auth');
  return (
    <AuthCard title={t('magic.title')} siteName={shell.workspace.name} intro={t('magic.intro')}>
      <TokenAction
        token={token}
        endpoint="/api/v1/auth/magic-link/consume"
        label={t('magic.submit')}
        busyLabel={t('login.submitting')}
        then={paths.home()}
        invalid={
          <p className="m-0 text-sm">
            {t.rich('magic.invalid', {
              link: (chunks) => (
                <Link href={paths.login()} className={linkClass}>
                  {chunks}
                </Link>
              ),
            })}
          </p>
        }
      />
    </AuthCard>
  );
}

import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { AuthCard, linkClass } from '../client/AuthCard';
import { TokenAction } from '../client/TokenAction';

export type VerifyEmailProps = {
  token: string | null;
  /** The link confirms a changed address (`&change=1`) rather than a new account's. */
  change: boolean;
};

/** `/verify-email?token=`: confirms an address from the emailed link, then signs the person in. */
export default function VerifyEmailPage({ shell, token = null, change = false }: ShellProps & Partial<VerifyEmailProps>) {
  const t = useTranslations('auth');
  return (
    <AuthCard
      title={change ? t('verify.changeTitle') : t('verify.title')}
      siteName={shell.workspace.name}
      intro={change ? t('verify.changeIntro') : t('verify.intro')}
    >
      <TokenAction
        token={token}
        endpoint="/api/v1/auth/verify-email"
        label={change ? t('verify.changeSubmit') : t('verify.submit')}
        busyLabel={t('verify.submitting')}
        then={paths.home()}
        invalid={
          change ? (
            <p className="m-0 text-sm">
              {t.rich('verify.changeInvalid', {
                link: (chunks) => (
                  <Link href={paths.settingsAccount()} className={linkClass}>
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          ) : (
            <p className="m-0 text-sm">
              {t.rich('verify.invalid', {
                link: (chunks) => (
                  <Link href={paths.login()} className={linkClass}>
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          )
        }
      />
    </AuthCard>
  );
}

import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { AuthCard, linkClass } from '../client/AuthCard';
import { SSO_FAILURES, type SsoFailure } from '../sso-schema';

export type SsoCallbackProps = { failure: SsoFailure; providerLabel: string | null };

/** `/login/sso/{provider}` when a single sign-on did not sign the person in: why, and the way back. */
export default function SsoCallbackPage({ shell, failure = 'state', providerLabel = null }: ShellProps & Partial<SsoCallbackProps>) {
  const t = useTranslations('auth');
  // The provider's name is the workspace's configuration (content): an argument of the message.
  const provider = providerLabel ?? t('ssoFailure.fallbackProvider');
  const known: SsoFailure = (SSO_FAILURES as readonly string[]).includes(failure) ? failure : 'state';
  return (
    <AuthCard title={t('ssoFailure.title')} siteName={shell.workspace.name}>
      <div className="flex flex-col gap-4">
        <Alert tone="error" testId="sso-failure">
          {t(`ssoFailure.${known}`, { provider })}
        </Alert>
        <p className="m-0 text-sm">
          <Link href={paths.login()} className={linkClass}>
            {t('ssoFailure.back')}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { PageHeading } from '@/components/ui/PageHeading';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import type { IdentifyFailure } from '../schema';

/** The error page's props; a good link never renders this page (it redirects). */
export type SsoPageProps = { reason: IdentifyFailure };

const linkClass = 'font-medium text-accent underline underline-offset-2 hover:no-underline';

/** Reasons the person can do nothing about but ask the product's team. */
const FOR_THE_TEAM: ReadonlySet<IdentifyFailure> = new Set([
  'not_configured',
  'malformed',
  'algorithm',
  'bad_signature',
  'not_yet_valid',
  'too_long_lived',
  'audience',
  'claims',
]);

/** `/sso?error=<reason>`: why a sign-in link from the host product did not sign the person in. */
export default function SsoPage({ shell, reason = 'malformed' }: ShellProps & Partial<SsoPageProps>) {
  // The reasons' words here are the page's; the API answers with IDENTIFY_FAILURE_MESSAGES (../schema.ts).
  const t = useTranslations('auth.identify');
  return (
    <div className="mx-auto w-full max-w-md">
      <PageHeading title={t('title')} siteName={shell.workspace.name}>
        {t('intro')}
      </PageHeading>
      <div className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 sm:p-6" data-testid="sso-error">
        <p className="m-0 break-words" data-testid="sso-error-message" data-reason={reason}>
          {t(`failure.${reason}`)}
        </p>
        {FOR_THE_TEAM.has(reason) ? <p className="m-0 text-sm text-muted">{t('forTheTeam')}</p> : null}
        <p className="m-0 text-sm">
          {t.rich('next', {
            workspace: shell.workspace.name,
            home: (chunks) => (
              <Link href={paths.home()} className={linkClass}>
                {chunks}
              </Link>
            ),
            login: (chunks) => (
              <Link href={paths.login()} className={linkClass}>
                {chunks}
              </Link>
            ),
          })}
        </p>
      </div>
    </div>
  );
}

import Link from 'next/link';
import { PageHeading } from '@/components/ui/PageHeading';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { IDENTIFY_FAILURE_MESSAGES, type IdentifyFailure } from '../schema';

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
  return (
    <div className="mx-auto w-full max-w-md">
      <PageHeading title="We could not sign you in" siteName={shell.workspace.name}>
        You followed a sign-in link from another product.
      </PageHeading>
      <div className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 sm:p-6" data-testid="sso-error">
        <p className="m-0 break-words" data-testid="sso-error-message" data-reason={reason}>
          {IDENTIFY_FAILURE_MESSAGES[reason]}
        </p>
        {FOR_THE_TEAM.has(reason) ? (
          <p className="m-0 text-sm text-muted">If this keeps happening, tell the team of that product: their sign-in link needs fixing.</p>
        ) : null}
        <p className="m-0 text-sm">
          <Link href={paths.home()} className={linkClass}>
            Go to {shell.workspace.name}
          </Link>{' '}
          or{' '}
          <Link href={paths.login()} className={linkClass}>
            sign in another way
          </Link>
          .
        </p>
      </div>
    </div>
  );
}

import Link from 'next/link';
import { Alert } from '@/components/ui/Alert';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { AuthCard, linkClass } from '../client/AuthCard';
import type { SsoFailure } from '../sso-schema';

export type SsoCallbackProps = { failure: SsoFailure; providerLabel: string | null };

const MESSAGES: Record<SsoFailure, (provider: string) => string> = {
  state: () =>
    'This sign-in could not be matched to the one this browser started: it may have been started in another browser or tab, ' +
    'or more than ten minutes ago. Start again from the sign-in page.',
  provider: (p) => `${p} did not confirm the sign-in: it was cancelled, or its code had expired. Start again from the sign-in page.`,
  unverified: (p) =>
    `${p} has not verified your email address, so it cannot sign you in here. Verify the address with ${p}, then try again.`,
  no_email: (p) => `${p} did not tell us your email address, so it cannot sign you in here. Ask the team for help.`,
  not_allowed: () =>
    'This workspace does not accept new accounts from your email address. Ask the team for an invitation, or sign in with an address it accepts.',
  banned: () => 'This account has been suspended.',
  unavailable: (p) => `Sign-in with ${p} is not available any more. Use another way to sign in.`,
  rate_limited: () => 'Too many sign-in attempts from this address. Wait a minute, then try again.',
};

/** `/login/sso/{provider}` when a single sign-on did not sign the person in: why, and the way back. */
export default function SsoCallbackPage({ shell, failure = 'state', providerLabel = null }: ShellProps & Partial<SsoCallbackProps>) {
  const message = (MESSAGES[failure] ?? MESSAGES.state)(providerLabel ?? 'The sign-in provider');
  return (
    <AuthCard title="Sign-in did not work" siteName={shell.workspace.name}>
      <div className="flex flex-col gap-4">
        <Alert tone="error" testId="sso-failure">
          {message}
        </Alert>
        <p className="m-0 text-sm">
          <Link href={paths.login()} className={linkClass}>
            Back to sign in
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

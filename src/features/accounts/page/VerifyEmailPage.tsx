import Link from 'next/link';
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
  return (
    <AuthCard
      title={change ? 'Confirm your new email address' : 'Confirm your email address'}
      siteName={shell.workspace.name}
      intro={
        change
          ? 'Press the button to start using this address for your account.'
          : 'One last step: press the button to confirm this is your address.'
      }
    >
      <TokenAction
        token={token}
        endpoint="/api/v1/auth/verify-email"
        label={change ? 'Confirm my new email' : 'Confirm my email'}
        busyLabel="Confirming…"
        then={paths.home()}
        invalid={
          change ? (
            <p className="m-0 text-sm">
              Ask for the change again from{' '}
              <Link href={paths.settingsAccount()} className={linkClass}>
                your account settings
              </Link>
              , and we will send a new link.
            </p>
          ) : (
            <p className="m-0 text-sm">
              <Link href={paths.login()} className={linkClass}>
                Sign in
              </Link>{' '}
              with your email and password: if your address still needs confirming, we will send you a new link.
            </p>
          )
        }
      />
    </AuthCard>
  );
}

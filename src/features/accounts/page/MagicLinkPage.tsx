import Link from 'next/link';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { AuthCard, linkClass } from '../client/AuthCard';
import { TokenAction } from '../client/TokenAction';

/** Pages opened from an emailed link carry its token (null when the link was cut short). */
export type TokenPageProps = { token: string | null };

/** `/magic-link?token=`: signs in with an emailed one-time link. */
export default function MagicLinkPage({ shell, token = null }: ShellProps & Partial<TokenPageProps>) {
  return (
    <AuthCard title="Sign in with your link" siteName={shell.workspace.name} intro="Press the button to sign in. The link works once.">
      <TokenAction
        token={token}
        endpoint="/api/v1/auth/magic-link/consume"
        label="Sign me in"
        busyLabel="Signing in…"
        then={paths.home()}
        invalid={
          <p className="m-0 text-sm">
            Sign-in links work once, for 15 minutes.{' '}
            <Link href={paths.login()} className={linkClass}>
              Go to sign in
            </Link>{' '}
            to ask for a new one, or use your password.
          </p>
        }
      />
    </AuthCard>
  );
}

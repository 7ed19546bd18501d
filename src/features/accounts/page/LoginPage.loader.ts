import { env } from '@/config/env';
import { withShell } from '@/server/page/with-shell';
import { safeNextPath } from '@/lib/next-path';
import { smtpConfigured } from '@/server/mail/transport';
import { listSsoButtons, passwordSignInAllowed } from '../server/sso-service';
import type { LoginProps } from './LoginPage';

export const getServerSideProps = withShell<LoginProps>(
  async (ctx, { actor }) => {
    const next = safeNextPath(ctx.query.next, '/', env().PUBLIC_URL);
    // Already signed in: nothing to do here.
    if (actor.kind === 'user') return { redirect: { destination: next, permanent: false } };
    const [ssoButtons, passwordSignIn] = await Promise.all([listSsoButtons(), passwordSignInAllowed()]);
    return { props: { next, canSendEmail: smtpConfigured(), ssoButtons, passwordSignIn } };
  },
  { openToVisitors: true, namespaces: ['auth'] },
);

import { env } from '@/config/env';
import { withShell } from '@/server/page/with-shell';
import { safeNextPath } from '@/lib/next-path';
import { smtpConfigured } from '@/server/mail/transport';
import type { LoginProps } from './LoginPage';

export const getServerSideProps = withShell<LoginProps>(
  async (ctx, { actor }) => {
    const next = safeNextPath(ctx.query.next, '/', env().PUBLIC_URL);
    // Already signed in: nothing to do here.
    if (actor.kind === 'user') return { redirect: { destination: next, permanent: false } };
    return { props: { next, canSendEmail: smtpConfigured() } };
  },
  { openToVisitors: true },
);

import { withShell } from '@/features/shell/server/with-shell';
import { smtpConfigured } from '@/server/mail/transport';
import { safeNextPath } from '../next-path';
import type { LoginProps } from './LoginPage';

export const getServerSideProps = withShell<LoginProps>(
  async (ctx, { actor }) => {
    const next = safeNextPath(ctx.query.next);
    // Already signed in: nothing to do here.
    if (actor.kind === 'user') return { redirect: { destination: next, permanent: false } };
    return { props: { next, canSendEmail: smtpConfigured() } };
  },
  { openToVisitors: true },
);

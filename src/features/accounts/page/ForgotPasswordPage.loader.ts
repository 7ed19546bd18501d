import { withShell } from '@/server/page/with-shell';
import { smtpConfigured } from '@/server/mail/transport';
import type { ForgotPasswordProps } from './ForgotPasswordPage';

export const getServerSideProps = withShell<ForgotPasswordProps>(async () => ({ props: { canSendEmail: smtpConfigured() } }), {
  openToVisitors: true,
  namespaces: ['auth'],
});

import { withShell } from '@/server/page/with-shell';
import type { VerifyEmailProps } from './VerifyEmailPage';

export const getServerSideProps = withShell<VerifyEmailProps>(
  async (ctx) => ({
    props: { token: typeof ctx.query.token === 'string' ? ctx.query.token : null, change: ctx.query.change === '1' },
  }),
  { openToVisitors: true, namespaces: ['auth'] },
);

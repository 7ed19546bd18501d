import { withShell } from '@/server/page/with-shell';
import type { TokenPageProps } from './MagicLinkPage';

export const getServerSideProps = withShell<TokenPageProps>(
  async (ctx) => ({ props: { token: typeof ctx.query.token === 'string' ? ctx.query.token : null } }),
  { openToVisitors: true, namespaces: ['auth'] },
);

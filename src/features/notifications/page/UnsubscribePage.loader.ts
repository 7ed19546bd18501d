import { withShell } from '@/server/page/with-shell';
import { describeUnsubscribe } from '../server/preferences-service';
import type { UnsubscribePageProps } from './UnsubscribePage';

/** Reads the token (GET changes nothing); open to visitors, even where the workspace requires sign-in. */
export const getServerSideProps = withShell<UnsubscribePageProps>(
  async (ctx) => {
    const raw = ctx.query.token;
    const token = typeof raw === 'string' && raw.length <= 2000 ? raw : null;
    const found = token ? await describeUnsubscribe(token) : null;
    return { props: { token: found ? token : null, kinds: found?.kinds ?? null } };
  },
  { openToVisitors: true, namespaces: ['notifications'] },
);

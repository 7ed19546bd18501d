import { canEnterTeamArea } from '@/core/identity/policy';
import { gate, withShell } from '@/server/page/with-shell';
import { getInbox } from '../server/service';
import type { InboxPageProps } from './InboxPage';

/** `/admin/inbox` data: moderators and admins; members get 403, visitors the sign-in page. */
export const getServerSideProps = withShell<InboxPageProps>(async (ctx, { actor }) => {
  const denied = gate(ctx, canEnterTeamArea(actor));
  if (denied) return denied;
  return { props: { inbox: await getInbox(actor, { limit: 20 }) } };
});

import { canAdminister } from '@/core/identity/policy';
import { gate, withShell } from '@/server/page/with-shell';
import { listStatuses } from '../server/service';
import type { StatusesPageProps } from './StatusesPage';

/** `/admin/statuses` data: admins only; moderators and members get 403, visitors the sign-in page. */
export const getServerSideProps = withShell<StatusesPageProps>(async (ctx, { actor }) => {
  const denied = gate(ctx, canAdminister(actor));
  if (denied) return denied;
  return { props: { statuses: await listStatuses(actor) } };
});

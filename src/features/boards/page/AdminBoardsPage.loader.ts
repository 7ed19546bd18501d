import { canAdminister } from '@/core/identity/policy';
import { gate, withShell } from '@/server/page/with-shell';
import { listBoardsForAdmin } from '../server/service';
import type { AdminBoardsPageProps } from './AdminBoardsPage';

/** `/admin/boards` data: admins; moderators and members get 403, visitors the sign-in page. */
export const getServerSideProps = withShell<AdminBoardsPageProps>(async (ctx, { actor }) => {
  const denied = gate(ctx, canAdminister(actor));
  if (denied) return denied;
  return { props: { boards: await listBoardsForAdmin(actor) } };
});

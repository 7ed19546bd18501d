import { canAdminister } from '@/core/identity/policy';
import { gate, withShell } from '@/server/page/with-shell';
import { listEndpoints } from '../server/service';
import type { WebhooksPageProps } from './WebhooksPage';

/** `/admin/webhooks` data: admins only; moderators and members get 403, visitors the sign-in page. */
export const getServerSideProps = withShell<WebhooksPageProps>(async (ctx, { actor }) => {
  const denied = gate(ctx, canAdminister(actor));
  if (denied) return denied;
  return { props: { endpoints: await listEndpoints() } };
});

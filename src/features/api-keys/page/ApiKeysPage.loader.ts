import { canAdminister } from '@/core/identity/policy';
import { gate, withShell } from '@/server/page/with-shell';
import { listApiKeys } from '../server/service';
import type { ApiKeysPageProps } from './ApiKeysPage';

/** `/admin/api-keys` data: admins only; moderators and members get 403, visitors the sign-in page. */
export const getServerSideProps = withShell<ApiKeysPageProps>(async (ctx, { actor }) => {
  const denied = gate(ctx, canAdminister(actor));
  if (denied) return denied;
  return { props: { apiKeys: await listApiKeys() } };
});

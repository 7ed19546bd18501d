import { canManageOwnAccount } from '@/core/identity/policy';
import { pendingEmailChange } from '@/features/accounts/server/profile-service';
import { gate, withShell } from '@/server/page/with-shell';

export const getServerSideProps = withShell<{ pendingEmail: string | null }>(async (ctx, { actor }) => {
  const denied = gate(ctx, canManageOwnAccount(actor));
  if (denied || actor.kind !== 'user') return denied ?? { props: { pendingEmail: null } };
  return { props: { pendingEmail: await pendingEmailChange(actor.id) } };
});

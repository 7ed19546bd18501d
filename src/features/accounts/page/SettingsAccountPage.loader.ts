import { canManageOwnAccount } from '@/core/identity/policy';
import { gate, withShell } from '@/server/page/with-shell';

export const getServerSideProps = withShell(async (ctx, { actor }) => gate(ctx, canManageOwnAccount(actor)) ?? { props: {} });

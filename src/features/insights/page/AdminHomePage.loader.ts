import { canEnterTeamArea } from '@/core/identity/policy';
import { gate, withShell } from '@/features/shell/server/with-shell';

export const getServerSideProps = withShell(async (ctx, { actor }) => gate(ctx, canEnterTeamArea(actor)) ?? { props: {} });

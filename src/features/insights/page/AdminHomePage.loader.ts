import { canEnterTeamArea } from '@/core/identity/policy';
import { paths } from '@/config/paths';
import { gate, withShell } from '@/server/page/with-shell';

/** `/admin`: the team area's entry leads to its first screen, the inbox; members get 403, visitors the sign-in page. */
export const getServerSideProps = withShell(
  async (ctx, { actor }) => gate(ctx, canEnterTeamArea(actor)) ?? { redirect: { destination: paths.adminInbox(), permanent: false } },
);

import { canAdminister } from '@/core/identity/policy';
import { gate, withShell } from '@/server/page/with-shell';
import { getOutboxPage } from '../server/service';
import type { OutboxPageProps } from './OutboxPage';

/** Admins only: members get the 403 screen, visitors the sign-in page (and come back after). */
export const getServerSideProps = withShell<OutboxPageProps>(async (ctx, { actor }) => {
  return gate(ctx, canAdminister(actor)) ?? { props: { outbox: await getOutboxPage({ limit: 20 }) } };
});

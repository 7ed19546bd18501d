import { isSignedIn } from '@/core/identity/policy';
import { gate, withShell } from '@/server/page/with-shell';
import { listNotifications } from '../server/inbox-service';
import type { NotificationsPageProps } from './NotificationsPage';

/** Signed-in people only: visitors go to sign-in and come back. */
export const getServerSideProps = withShell<NotificationsPageProps>(async (ctx, { actor }) => {
  // A visitor is sent to sign in (and comes back after).
  if (actor.kind !== 'user') return gate(ctx, isSignedIn(actor))!;
  return { props: { page: await listNotifications(actor, { limit: 20 }) } };
});

import { isSignedIn } from '@/core/identity/policy';
import { getPreferences } from '@/features/notifications/server/preferences-service';
import { gate, withShell } from '@/server/page/with-shell';
import type { NotificationSettingsProps } from './NotificationSettingsPage';

export const getServerSideProps = withShell<NotificationSettingsProps>(async (ctx, { actor }) => {
  // A visitor is sent to sign in (and comes back after).
  if (actor.kind !== 'user') return gate(ctx, isSignedIn(actor))!;
  return { props: { preferences: await getPreferences(actor) } };
});

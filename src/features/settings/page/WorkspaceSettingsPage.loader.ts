import { canAdminister } from '@/core/identity/policy';
import { forbidden, gate, withShell } from '@/server/page/with-shell';
import { smtpConfigured } from '@/server/mail/transport';
import { getWorkspaceSettingsForAdmin } from '../server/service';
import { getIdentifySettings } from '@/features/identify/server/secret-service';
import { getSsoSettings } from '@/features/accounts/server/sso-service';
import type { WorkspaceSettingsPageProps } from './WorkspaceSettingsPage';

/** `/admin/settings` data: admins only. */
export const getServerSideProps = withShell<WorkspaceSettingsPageProps>(
  async (ctx, { actor }) =>
    gate(ctx, canAdminister(actor)) ??
    (actor.kind === 'user'
      ? {
          props: {
            settings: await getWorkspaceSettingsForAdmin(),
            smtpConfigured: smtpConfigured(),
            identify: await getIdentifySettings(),
            sso: await getSsoSettings(actor),
          },
        }
      : { props: forbidden }),
);

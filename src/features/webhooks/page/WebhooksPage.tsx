import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { WebhooksManager } from '../client/WebhooksManager';
import type { WebhookEndpoint } from '../schema';

export type WebhooksPageProps = { endpoints: WebhookEndpoint[] };

/** `/admin/webhooks`: where events are sent, signed, and what happened to each delivery. */
export default function WebhooksPage({ shell, endpoints }: ShellProps & WebhooksPageProps) {
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title="Webhooks" siteName={shell.workspace.name}>
        Chorus sends a signed POST to each endpoint when the events it subscribes to happen, and retries for about a day when the receiver
        fails.
      </PageHeading>
      <WebhooksManager initial={endpoints} />
    </>
  );
}

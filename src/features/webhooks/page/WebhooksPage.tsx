import { useTranslations } from 'use-intl';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { WebhooksManager } from '../client/WebhooksManager';
import type { WebhookEndpoint } from '../schema';

export type WebhooksPageProps = { endpoints: WebhookEndpoint[] };

/** `/admin/webhooks`: where events are sent, signed, and what happened to each delivery. */
export default function WebhooksPage({ shell, endpoints }: ShellProps & WebhooksPageProps) {
  const t = useTranslations('teamAdmin');
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title={t('webhooks.title')} siteName={shell.workspace.name}>
        {t('webhooks.intro')}
      </PageHeading>
      <WebhooksManager initial={endpoints} />
    </>
  );
}

import { useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { EmptyState } from '@/components/ui/EmptyState';
import { api } from '@/lib/api';
import { focusWhenSettled } from '@/lib/focus';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '../schema';
import { EndpointCard } from './EndpointCard';
import { EndpointForm, type EndpointValues } from './EndpointForm';
import { SecretNotice } from './SecretNotice';

const withoutSecret = ({ secret: _secret, ...endpoint }: WebhookEndpointWithSecret): WebhookEndpoint => endpoint;

/** The admins' webhook endpoints: add one (its secret shown once), and each endpoint's card. */
export function WebhooksManager({ initial }: { initial: WebhookEndpoint[] }) {
  const t = useTranslations('teamAdmin');
  const [endpoints, setEndpoints] = useState(initial);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const replace = (e: WebhookEndpoint) => setEndpoints((list) => list.map((x) => (x.id === e.id ? e : x)));
  const add = async (values: EndpointValues) => {
    const created = await api<WebhookEndpointWithSecret>('/api/v1/admin/webhooks', { body: values });
    setEndpoints((list) => [...list, withoutSecret(created)]);
    setNotice(null);
    setSecret({ url: created.url, secret: created.secret });
  };

  return (
    <>
      {secret ? <SecretNotice url={secret.url} secret={secret.secret} onDismiss={() => setSecret(null)} /> : null}
      <section aria-labelledby="add-webhook-heading" className="mb-8 rounded-xl border border-border bg-surface p-4 sm:p-6">
        <h2 id="add-webhook-heading" className="mb-4 text-lg font-semibold">
          {t('webhooks.add')}
        </h2>
        <EndpointForm submitLabel={t('webhooks.addSubmit')} onSubmit={add} testId="webhook-add-form" />
      </section>
      <div aria-live="polite" className="mb-4 empty:hidden">
        {notice ? (
          <Alert tone="success" testId="webhooks-notice">
            {notice}
          </Alert>
        ) : null}
      </div>
      <h2 className="mb-3 text-lg font-semibold" ref={listHeading} tabIndex={-1}>
        {t('webhooks.endpoints')}
      </h2>
      {endpoints.length === 0 ? (
        <EmptyState title={t('webhooks.emptyTitle')} testId="webhooks-empty">
          {t('webhooks.empty')}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="webhook-list">
          {endpoints.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              onChanged={(e, note) => {
                replace(e);
                setNotice(note);
              }}
              onSecret={(e) => {
                replace(withoutSecret(e));
                setSecret({ url: e.url, secret: e.secret });
              }}
              onDeleted={() => {
                setEndpoints((list) => list.filter((x) => x.id !== endpoint.id));
                setNotice(t('webhooks.deleted', { url: endpoint.url }));
                focusWhenSettled(() => listHeading.current);
              }}
            />
          ))}
        </ul>
      )}
    </>
  );
}

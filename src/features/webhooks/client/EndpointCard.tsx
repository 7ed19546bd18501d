import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { api, ApiError } from '@/lib/api';
import { useFormats } from '@/lib/use-formats';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '../schema';
import { DeliveryLog } from './DeliveryLog';
import { EndpointForm, type EndpointValues } from './EndpointForm';
import { SECRET_HEADING_ID } from './SecretNotice';
import { useApiErrorText } from '@/lib/api-error-text';

const sr = (chunks: ReactNode) => <span className="sr-only">{chunks}</span>;

interface Props {
  endpoint: WebhookEndpoint;
  onChanged: (e: WebhookEndpoint, note: string) => void;
  onSecret: (e: WebhookEndpointWithSecret) => void;
  onDeleted: () => void;
}

/** One endpoint: its state, what it receives, its actions and its delivery log. */
export function EndpointCard({ endpoint, onChanged, onSecret, onDeleted }: Props) {
  const t = useTranslations('teamAdmin');
  const errorText = useApiErrorText();
  const formats = useFormats();
  const ids = useId();
  /** Set when Rotate secret was confirmed: the dialog then sends focus to the new secret, not back to its button. */
  const rotated = useRef(false);
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const [busy, setBusy] = useState<'test' | 'enable' | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const base = `/api/v1/admin/webhooks/${endpoint.id}`;

  const save = async (values: EndpointValues) => {
    onChanged(await api<WebhookEndpoint>(base, { method: 'PATCH', body: values }), t('webhooks.card.saved'));
    setEditing(false);
  };
  const sendTest = async () => {
    setBusy('test');
    try {
      await api(`${base}/test`, { method: 'POST' });
      setNotice({ tone: 'success', text: t('webhooks.card.testQueued') });
      setShowLog(true);
      // The delivery runs in the background; look again once it had time to answer.
      for (const wait of [800, 2500, 11000]) setTimeout(() => setRefreshKey((k) => k + 1), wait);
    } catch (err) {
      setNotice({ tone: 'error', text: err instanceof ApiError ? errorText(err) : t('webhooks.error') });
    } finally {
      setBusy(null);
    }
  };
  const enable = async () => {
    setBusy('enable');
    try {
      onChanged(await api<WebhookEndpoint>(`${base}/enable`, { method: 'POST' }), t('webhooks.card.enabled'));
    } catch (err) {
      setNotice({ tone: 'error', text: err instanceof ApiError ? errorText(err) : t('webhooks.error') });
    } finally {
      setBusy(null);
    }
  };

  const disabled = endpoint.state === 'disabled';
  return (
    <li className="rounded-xl border border-border bg-surface p-4" data-testid="webhook-row" data-state={endpoint.state}>
      {editing ? (
        <EndpointForm
          initial={{
            url: endpoint.url,
            description: endpoint.description,
            events: endpoint.events,
            format: endpoint.format,
            includePrivate: endpoint.includePrivate,
          }}
          submitLabel={t('webhooks.card.save')}
          onSubmit={save}
          onCancel={() => setEditing(false)}
          testId="webhook-edit-form"
        />
      ) : (
        <>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0 flex-1">
              <h3 className="m-0 font-medium break-all" data-testid="webhook-url-text">
                {endpoint.url}
              </h3>
              {endpoint.description ? (
                <p className="m-0 text-sm text-muted break-words" dir="auto">
                  {endpoint.description}
                </p>
              ) : null}
            </div>
            <span
              className={`rounded-full border px-2 py-0.5 text-xs font-medium ${disabled ? 'border-danger/50 text-danger' : 'border-green-600/40'}`}
              data-testid="webhook-state"
            >
              {disabled ? t('webhooks.card.disabled') : t('webhooks.card.active')}
            </span>
          </div>
          {disabled ? (
            <div className="mt-3">
              <Alert tone="error" testId="webhook-disabled-reason">
                {endpoint.disabledReason ?? t('webhooks.card.disabledFallback')}
                {endpoint.disabledAt ? ` (${formats.dateTime(endpoint.disabledAt)})` : ''}
              </Alert>
            </div>
          ) : null}
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">{t('webhooks.card.events')}</dt>
            <dd className="m-0 min-w-0 break-words">{endpoint.events.join(', ')}</dd>
            <dt className="text-muted">{t('webhooks.card.format')}</dt>
            <dd className="m-0">{t(`webhooks.formats.${endpoint.format}`)}</dd>
            <dt className="text-muted">{t('webhooks.card.private')}</dt>
            <dd className="m-0">{endpoint.includePrivate ? t('webhooks.card.privateOn') : t('webhooks.card.privateOff')}</dd>
            <dt className="text-muted">{t('webhooks.card.last')}</dt>
            <dd className="m-0">
              {endpoint.lastAttempt
                ? t('webhooks.card.lastValue', {
                    ok: String(endpoint.lastAttempt.ok),
                    code: endpoint.lastAttempt.statusCode ? String(endpoint.lastAttempt.statusCode) : 'none',
                    date: formats.dateTime(endpoint.lastAttempt.at),
                  })
                : t('webhooks.card.lastNone')}
            </dd>
          </dl>
          <div className="mt-3 flex flex-wrap gap-2">
            {disabled ? (
              <Button className="px-3 py-1.5" busy={busy === 'enable'} onClick={() => void enable()} data-testid="webhook-enable">
                {t('webhooks.card.enable')}
              </Button>
            ) : null}
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              busy={busy === 'test'}
              onClick={() => void sendTest()}
              data-testid="webhook-test"
            >
              {t('webhooks.card.test')}
            </Button>
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              aria-expanded={showLog}
              aria-controls={`${ids}-log`}
              onClick={() => setShowLog((v) => !v)}
              data-testid="webhook-log-toggle"
            >
              {showLog ? t('webhooks.card.hideLog') : t('webhooks.card.showLog')}
            </Button>
            <Button variant="secondary" className="px-3 py-1.5" onClick={() => setEditing(true)} data-testid="webhook-edit">
              {t.rich('webhooks.card.edit', { url: endpoint.url, sr })}
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant="secondary" className="px-3 py-1.5" data-testid="webhook-rotate">
                  {t('webhooks.card.rotate')}
                </Button>
              }
              title={t('webhooks.card.rotateTitle')}
              description={t('webhooks.card.rotateDescription')}
              confirmLabel={t('webhooks.card.rotate')}
              tone="primary"
              onConfirm={async () => {
                onSecret(await api<WebhookEndpointWithSecret>(`${base}/secret`, { method: 'POST' }));
                rotated.current = true;
              }}
              // After a rotation the new secret is shown above the list: focus goes to it, not back to this button.
              focusOnClose={() => {
                const done = rotated.current;
                rotated.current = false;
                return done ? document.getElementById(SECRET_HEADING_ID) : null;
              }}
              testId="webhook-rotate-dialog"
            />
            <ConfirmDialog
              trigger={
                <Button variant="secondary" className="px-3 py-1.5" data-testid="webhook-delete">
                  {t.rich('webhooks.card.delete', { url: endpoint.url, sr })}
                </Button>
              }
              title={t('webhooks.card.deleteTitle')}
              description={t('webhooks.card.deleteDescription')}
              confirmLabel={t('webhooks.card.deleteConfirm')}
              onConfirm={async () => {
                await api(base, { method: 'DELETE' });
                onDeleted();
              }}
              testId="webhook-delete-dialog"
            />
          </div>
          <div aria-live="polite" className="mt-3 empty:hidden">
            {notice ? (
              <Alert tone={notice.tone} testId="webhook-notice">
                {notice.text}
              </Alert>
            ) : null}
          </div>
          <div id={`${ids}-log`}>
            {showLog ? <DeliveryLog endpointId={endpoint.id} refreshKey={refreshKey} headingId={`${ids}-log-heading`} /> : null}
          </div>
        </>
      )}
    </li>
  );
}

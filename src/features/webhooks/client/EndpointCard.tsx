import { useId, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { api, ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { WEBHOOK_FORMAT_LABELS } from '../enums';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '../schema';
import { DeliveryLog } from './DeliveryLog';
import { EndpointForm, type EndpointValues } from './EndpointForm';

const message = (err: unknown) => (err instanceof ApiError ? err.message : 'Something went wrong. Try again.');

const lastAttemptText = (a: NonNullable<WebhookEndpoint['lastAttempt']>) =>
  `${a.ok ? 'delivered' : 'failed'}${a.statusCode ? ` (${a.statusCode})` : ''}, ${formatDateTime(a.at)}`;

interface Props {
  endpoint: WebhookEndpoint;
  onChanged: (e: WebhookEndpoint, note: string) => void;
  onSecret: (e: WebhookEndpointWithSecret) => void;
  onDeleted: () => void;
}

/** One endpoint: its state, what it receives, its actions and its delivery log. */
export function EndpointCard({ endpoint, onChanged, onSecret, onDeleted }: Props) {
  const ids = useId();
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const [busy, setBusy] = useState<'test' | 'enable' | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const base = `/api/v1/admin/webhooks/${endpoint.id}`;

  const save = async (values: EndpointValues) => {
    onChanged(await api<WebhookEndpoint>(base, { method: 'PATCH', body: values }), 'Saved the endpoint.');
    setEditing(false);
  };
  const sendTest = async () => {
    setBusy('test');
    try {
      await api(`${base}/test`, { method: 'POST' });
      setNotice({ tone: 'success', text: 'Test event queued. Its attempt appears in the delivery log below.' });
      setShowLog(true);
      // The delivery runs in the background; look again once it had time to answer.
      for (const wait of [800, 2500, 11000]) setTimeout(() => setRefreshKey((k) => k + 1), wait);
    } catch (err) {
      setNotice({ tone: 'error', text: message(err) });
    } finally {
      setBusy(null);
    }
  };
  const enable = async () => {
    setBusy('enable');
    try {
      onChanged(await api<WebhookEndpoint>(`${base}/enable`, { method: 'POST' }), 'Enabled the endpoint again: new events go to it.');
    } catch (err) {
      setNotice({ tone: 'error', text: message(err) });
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
          submitLabel="Save"
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
              {endpoint.description ? <p className="m-0 text-sm text-muted break-words">{endpoint.description}</p> : null}
            </div>
            <span
              className={`rounded-full border px-2 py-0.5 text-xs font-medium ${disabled ? 'border-danger/50 text-danger' : 'border-green-600/40'}`}
              data-testid="webhook-state"
            >
              {disabled ? 'Disabled' : 'Active'}
            </span>
          </div>
          {disabled ? (
            <div className="mt-3">
              <Alert tone="error" testId="webhook-disabled-reason">
                {endpoint.disabledReason ?? 'Disabled after repeated failure.'}
                {endpoint.disabledAt ? ` (${formatDateTime(endpoint.disabledAt)})` : ''}
              </Alert>
            </div>
          ) : null}
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">Events</dt>
            <dd className="m-0 min-w-0 break-words">{endpoint.events.join(', ')}</dd>
            <dt className="text-muted">Format</dt>
            <dd className="m-0">{WEBHOOK_FORMAT_LABELS[endpoint.format]}</dd>
            <dt className="text-muted">Private boards</dt>
            <dd className="m-0">{endpoint.includePrivate ? 'Their events are sent here' : 'Never sent here'}</dd>
            <dt className="text-muted">Last attempt</dt>
            <dd className="m-0">{endpoint.lastAttempt ? lastAttemptText(endpoint.lastAttempt) : 'none yet'}</dd>
          </dl>
          <div className="mt-3 flex flex-wrap gap-2">
            {disabled ? (
              <Button className="px-3 py-1.5" busy={busy === 'enable'} onClick={() => void enable()} data-testid="webhook-enable">
                Enable again
              </Button>
            ) : null}
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              busy={busy === 'test'}
              onClick={() => void sendTest()}
              data-testid="webhook-test"
            >
              Send test event
            </Button>
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              aria-expanded={showLog}
              aria-controls={`${ids}-log`}
              onClick={() => setShowLog((v) => !v)}
              data-testid="webhook-log-toggle"
            >
              {showLog ? 'Hide delivery log' : 'Delivery log'}
            </Button>
            <Button variant="secondary" className="px-3 py-1.5" onClick={() => setEditing(true)} data-testid="webhook-edit">
              Edit<span className="sr-only"> {endpoint.url}</span>
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant="secondary" className="px-3 py-1.5" data-testid="webhook-rotate">
                  Rotate secret
                </Button>
              }
              title="Rotate the signing secret?"
              description="Deliveries are signed with a new secret from now on. Until the receiver has the new secret, it will refuse them."
              confirmLabel="Rotate secret"
              tone="primary"
              onConfirm={async () => onSecret(await api<WebhookEndpointWithSecret>(`${base}/secret`, { method: 'POST' }))}
              testId="webhook-rotate-dialog"
            />
            <ConfirmDialog
              trigger={
                <Button variant="secondary" className="px-3 py-1.5" data-testid="webhook-delete">
                  Delete<span className="sr-only"> {endpoint.url}</span>
                </Button>
              }
              title="Delete this webhook endpoint?"
              description="Nothing more is sent to it, and its delivery log is deleted with it."
              confirmLabel="Delete"
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

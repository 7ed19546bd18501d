import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { api, ApiError } from '@/lib/api';
import { useFormats } from '@/lib/use-formats';
import type { WebhookAttempt, WebhookAttemptPage } from '../schema';
import { useApiErrorText } from '@/lib/api-error-text';

const sr = (chunks: ReactNode) => <span className="sr-only">{chunks}</span>;

function AttemptRow({ attempt, onRedeliver }: { attempt: WebhookAttempt; onRedeliver: (deliveryId: string) => Promise<void> }) {
  const t = useTranslations('teamAdmin');
  const formats = useFormats();
  const [busy, setBusy] = useState(false);
  const outcome = attempt.ok ? t('webhooks.log.delivered') : t('webhooks.log.failed');
  return (
    <li className="rounded-lg border border-border p-3 text-sm" data-testid="webhook-attempt" data-ok={attempt.ok}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="m-0 min-w-0">
          <span className={`font-semibold ${attempt.ok ? '' : 'text-danger'}`}>{outcome}</span>
          {' · '}
          <code className="text-xs break-all" data-testid="webhook-attempt-event">
            {attempt.eventType}
          </code>
          {' · '}
          {t('webhooks.log.attempt', { n: attempt.attempt })}
        </p>
        <p className="m-0 text-xs text-muted">
          <time dateTime={attempt.at}>{formats.dateTime(attempt.at)}</time>
        </p>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted">{t('webhooks.log.status')}</dt>
        <dd className="m-0" data-testid="webhook-attempt-status">
          {attempt.statusCode ?? t('webhooks.log.noAnswer')}
        </dd>
        <dt className="text-muted">{t('webhooks.log.duration')}</dt>
        <dd className="m-0">{t('webhooks.log.ms', { ms: attempt.durationMs })}</dd>
        {attempt.error ? (
          <>
            <dt className="text-muted">{t('webhooks.log.error')}</dt>
            <dd className="m-0 break-words">{attempt.error}</dd>
          </>
        ) : null}
        {attempt.responseBody ? (
          <>
            <dt className="text-muted">{t('webhooks.log.response')}</dt>
            <dd className="m-0 min-w-0">
              <pre
                className="max-h-32 overflow-auto rounded border border-border bg-bg p-2 text-xs break-all whitespace-pre-wrap"
                tabIndex={0}
              >
                {attempt.responseBody}
              </pre>
            </dd>
          </>
        ) : null}
      </dl>
      <div className="mt-2">
        <Button
          variant="secondary"
          className="px-3 py-1"
          busy={busy}
          onClick={() => {
            setBusy(true);
            void onRedeliver(attempt.deliveryId).finally(() => setBusy(false));
          }}
          data-testid="webhook-redeliver"
        >
          {t.rich('webhooks.log.redeliver', { event: attempt.eventType, sr })}
        </Button>
      </div>
    </li>
  );
}

/** An endpoint's delivery log: every attempt, newest first, with Redeliver; `refreshKey` reloads it. */
export function DeliveryLog({ endpointId, refreshKey, headingId }: { endpointId: string; refreshKey: number; headingId: string }) {
  const t = useTranslations('teamAdmin');
  const errorText = useApiErrorText();
  const [items, setItems] = useState<WebhookAttempt[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  const load = useCallback(async () => {
    try {
      const page = await api<WebhookAttemptPage>(`/api/v1/admin/webhooks/${endpointId}/attempts`);
      setItems(page.items);
      setNext(page.nextCursor);
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err) : t('webhooks.error'));
    }
  }, [endpointId, t, errorText]);

  useEffect(() => {
    // Fetched after mount and on each refresh; the answer lands in state from the promise.
    const timer = setTimeout(() => void load(), 0);
    return () => clearTimeout(timer);
  }, [load, refreshKey]);

  const more = async () => {
    if (!next) return;
    setLoadingMore(true);
    try {
      const page = await api<WebhookAttemptPage>(`/api/v1/admin/webhooks/${endpointId}/attempts?cursor=${encodeURIComponent(next)}`);
      setItems((list) => [...(list ?? []), ...page.items]);
      setNext(page.nextCursor);
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err) : t('webhooks.error'));
    } finally {
      setLoadingMore(false);
    }
  };

  const redeliver = async (deliveryId: string) => {
    try {
      await api(`/api/v1/admin/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`, { method: 'POST' });
      setNotice({ tone: 'success', text: t('webhooks.log.requeued') });
      setTimeout(() => void load(), 1500);
    } catch (err) {
      setNotice({ tone: 'error', text: err instanceof ApiError ? errorText(err) : t('webhooks.error') });
    }
  };

  return (
    <section aria-labelledby={headingId} className="mt-4" data-testid="webhook-log">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="text-base font-semibold">
          {t('webhooks.log.heading')}
        </h4>
        <Button variant="secondary" className="px-3 py-1" onClick={() => void load()} data-testid="webhook-log-refresh">
          {t.rich('webhooks.log.refresh', { sr })}
        </Button>
      </div>
      <div aria-live="polite" className="mb-2 empty:hidden">
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      </div>
      {error ? (
        <Alert tone="error">{error}</Alert>
      ) : items === null ? (
        <p className="text-sm text-muted" role="status">
          {t('webhooks.log.loading')}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted" data-testid="webhook-log-empty">
          {t('webhooks.log.empty')}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-2">
            {items.map((a) => (
              <AttemptRow key={a.id} attempt={a} onRedeliver={redeliver} />
            ))}
          </ul>
          {next ? (
            <Button variant="secondary" className="mt-2 px-3 py-1" busy={loadingMore} onClick={() => void more()}>
              {t('webhooks.log.older')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

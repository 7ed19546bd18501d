import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { api } from '@/lib/api';
import { useApiErrorText } from '@/lib/api-error-text';
import { type DeliveryState, type OutboxItem, type OutboxPage } from '../schema';

const STATE_STYLES: Record<DeliveryState, string> = {
  sent: 'border-green-700/40 text-green-700 dark:border-green-400/40 dark:text-green-400',
  queued: 'border-border text-muted',
  retrying: 'border-danger/50 text-danger',
  failed: 'border-danger/50 text-danger',
  smtp_off: 'border-border text-muted',
};

/** The same text on the server and in the browser (no time-zone dependent hydration). */
function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function OutboxEntry({ item, entryRef }: { item: OutboxItem; entryRef?: (el: HTMLElement | null) => void }) {
  // The HTML part is rendered only once opened, and only inside a sandboxed frame (below).
  const t = useTranslations('teamAdmin');
  const [opened, setOpened] = useState(false);
  return (
    <li className="rounded-lg border border-border bg-surface" data-testid="outbox-item" data-status={item.status}>
      <details onToggle={(e) => setOpened(e.currentTarget.open)}>
        <summary ref={entryRef} className="flex cursor-pointer flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
          <span className="min-w-0 flex-1">
            <span className="block break-words font-medium">{item.subject}</span>
            <span className="block break-all text-sm text-muted">
              {t.rich('outboxList.to', {
                to: item.to,
                time: () => <time dateTime={item.createdAt}>{formatTime(item.createdAt)}</time>,
              })}
            </span>
          </span>
          <span
            className={`self-start whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium sm:self-center ${STATE_STYLES[item.status]}`}
            data-testid="outbox-status"
          >
            {t(`outboxList.states.${item.status}`)}
          </span>
        </summary>
        <div className="flex flex-col gap-4 border-t border-border px-4 py-4 text-sm">
          <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted">{t('outboxList.kind')}</dt>
            <dd className="m-0">{item.kind}</dd>
            <dt className="text-muted">{t('outboxList.attempts')}</dt>
            <dd className="m-0">{item.attempts}</dd>
            {item.sentAt ? (
              <>
                <dt className="text-muted">{t('outboxList.sentAt')}</dt>
                <dd className="m-0">
                  <time dateTime={item.sentAt}>{formatTime(item.sentAt)}</time>
                </dd>
              </>
            ) : null}
            {item.lastError ? (
              <>
                <dt className="text-muted">{t('outboxList.lastError')}</dt>
                <dd className="m-0 break-words text-danger" data-testid="outbox-last-error">
                  {item.lastError}
                </dd>
              </>
            ) : null}
          </dl>
          <div>
            <h2 className="mb-1 text-sm font-semibold">{t('outboxList.plainText')}</h2>
            <pre
              className="m-0 overflow-x-auto whitespace-pre-wrap break-words rounded-md border border-border bg-bg p-3 font-mono text-xs"
              data-testid="outbox-text"
            >
              {item.text}
            </pre>
          </div>
          <div>
            <h2 className="mb-1 text-sm font-semibold">{t('outboxList.html')}</h2>
            {opened ? (
              // sandbox="" (no allow-* tokens): no scripts, no forms, no same-origin access, no top
              // navigation. The email's markup never enters this page's DOM.
              <iframe
                sandbox=""
                srcDoc={item.html}
                title={t('outboxList.htmlTitle', { subject: item.subject })}
                className="h-80 w-full rounded-md border border-border bg-white"
                data-testid="outbox-html"
              />
            ) : null}
          </div>
        </div>
      </details>
    </li>
  );
}

/** The outbox, newest first; "Older emails" loads the next page through the API's cursor. */
export function OutboxList({ initial }: { initial: OutboxPage }) {
  const t = useTranslations('teamAdmin');
  const errorText = useApiErrorText();
  const [items, setItems] = useState(initial.items);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const firstNew = useRef<HTMLElement | null>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);

  useEffect(() => {
    if (focusIndex !== null) firstNew.current?.focus();
  }, [focusIndex]);

  const loadOlder = async () => {
    if (cursor === null) return;
    setLoading(true);
    setError(null);
    try {
      const page = await api<OutboxPage>(`/api/v1/admin/outbox?cursor=${cursor}&limit=20`);
      setFocusIndex(page.items.length ? items.length : null);
      setItems((prev) => [...prev, ...page.items]);
      setCursor(page.nextCursor);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <ol className="m-0 flex list-none flex-col gap-2 p-0" aria-label={t('outboxList.label')}>
        {items.map((item, i) => (
          <OutboxEntry
            key={item.id}
            item={item}
            entryRef={
              i === focusIndex
                ? (el) => {
                    firstNew.current = el;
                  }
                : undefined
            }
          />
        ))}
      </ol>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {cursor !== null ? (
        <div>
          <Button variant="secondary" onClick={() => void loadOlder()} busy={loading} data-testid="outbox-older">
            {loading ? t('outboxList.loading') : t('outboxList.older')}
          </Button>
        </div>
      ) : items.length > 20 ? (
        <p className="m-0 text-sm text-muted">{t('outboxList.end')}</p>
      ) : null}
    </div>
  );
}

import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { isolated } from '@/components/ui/bidi';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { useApiErrorText } from '@/lib/api-error-text';
import { api, ApiError } from '@/lib/api';
import { useFormats } from '@/lib/use-formats';
import { headlineText } from '../headline';
import type { NotificationItem, NotificationPage } from '../schema';

/**
 * The item's headline in the page's language (headline.ts); user content stays as written, each
 * piece in its own direction (a <bdi>).
 */
export function useHeadline(): (item: NotificationItem) => ReactNode {
  const t = useTranslations('notifications');
  return (item) =>
    isolated((u) =>
      headlineText({ ...item.args, message: item.message }, (key, args) => t(`headline.${key}` as Parameters<typeof t>[0], args), u),
    );
}

/** Marks an item read as it is opened; the navigation does not wait for it. */
export function markOpened(item: NotificationItem, onDone?: (unread: number) => void): void {
  if (item.read) return;
  void api<{ unread: number }>(`/api/v1/me/notifications/${item.id}/read`, { method: 'POST' })
    .then((r) => onDone?.(r.unread))
    .catch(() => undefined);
}

/** One notification: its headline (a link when it leads somewhere), excerpt and time; unread ones are marked. */
export function NotificationRow({ item, onOpen, compact }: { item: NotificationItem; onOpen: () => void; compact?: boolean }) {
  const t = useTranslations('notifications');
  const { dateTime } = useFormats();
  const text = useHeadline()(item);
  const headline = item.path ? (
    <Link href={item.path} onClick={onOpen} className="font-medium text-fg">
      {text}
    </Link>
  ) : (
    <span className="font-medium">{text}</span>
  );
  return (
    <div className={`flex gap-3 ${compact ? 'px-3 py-2' : 'p-4'}`} data-testid="notification" data-read={item.read ? 'true' : 'false'}>
      <span aria-hidden="true" className={`mt-2 h-2 w-2 shrink-0 rounded-full ${item.read ? 'bg-transparent' : 'bg-accent'}`} />
      <div className="min-w-0 flex-1">
        <p className="m-0 break-words text-sm">
          {item.read ? null : <span className="sr-only">{t('list.unreadMark')}</span>}
          {headline}
        </p>
        {item.excerpt && !compact ? (
          <p className="m-0 mt-1 break-words text-sm text-muted" dir="auto" data-testid="notification-excerpt">
            {item.excerpt}
          </p>
        ) : null}
        <p className="m-0 mt-1 text-xs text-muted">
          <time dateTime={item.createdAt}>{dateTime(item.createdAt)}</time>
        </p>
      </div>
    </div>
  );
}

/** `/notifications`: every notification, newest first, with "mark all read" and further pages. */
export function NotificationList({ initial }: { initial: NotificationPage }) {
  const t = useTranslations('notifications');
  const errorText = useApiErrorText();
  const [items, setItems] = useState(initial.items);
  const [unread, setUnread] = useState(initial.unread);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [busy, setBusy] = useState<'more' | 'all' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const open = (item: NotificationItem) => {
    markOpened(item, setUnread);
    setItems((list) => list.map((i) => (i.id === item.id ? { ...i, read: true } : i)));
  };
  const markAll = async () => {
    setBusy('all');
    setError(null);
    try {
      const r = await api<{ unread: number }>('/api/v1/me/notifications/read-all', { method: 'POST' });
      setUnread(r.unread);
      setItems((list) => list.map((i) => ({ ...i, read: true })));
      setStatus(t('list.markedAll'));
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err) : t('list.markFailed'));
    } finally {
      setBusy(null);
    }
  };
  const more = async () => {
    if (!cursor) return;
    setBusy('more');
    setError(null);
    try {
      const page = await api<NotificationPage>(`/api/v1/me/notifications?cursor=${encodeURIComponent(cursor)}`);
      setItems((list) => [...list, ...page.items]);
      setCursor(page.nextCursor);
      setUnread(page.unread);
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err) : t('list.moreFailed'));
    } finally {
      setBusy(null);
    }
  };

  if (items.length === 0) {
    return (
      <EmptyState title={t('list.emptyTitle')} testId="notifications-empty">
        {t('list.emptyBody')}
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="m-0 text-sm text-muted" data-testid="notifications-unread">
          {unread === 0 ? t('list.nothingUnread') : t('list.unreadCount', { count: unread })}
        </p>
        <Button
          variant="secondary"
          busy={busy === 'all'}
          disabled={unread === 0}
          onClick={() => void markAll()}
          data-testid="mark-all-read"
        >
          {t('list.markAll')}
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <ul className="m-0 list-none divide-y divide-border rounded-xl border border-border bg-surface p-0" data-testid="notification-list">
        {items.map((item) => (
          <li key={item.id}>
            <NotificationRow item={item} onOpen={() => open(item)} />
          </li>
        ))}
      </ul>
      {cursor ? (
        <div>
          <Button variant="secondary" busy={busy === 'more'} onClick={() => void more()}>
            {busy === 'more' ? t('loading') : t('list.older')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

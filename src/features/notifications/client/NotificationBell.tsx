import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslations } from 'use-intl';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { paths } from '@/config/paths';
import { useDismiss } from '@/lib/use-dismiss';
import { api } from '@/lib/api';
import type { NotificationItem, NotificationPage } from '../schema';
import { markOpened, NotificationRow } from './NotificationList';

const LATEST = 8;

/**
 * The header's bell: the unread count (in its accessible name, so it is read out), and a
 * disclosure with the latest notifications and a link to them all. Closes on Escape (focus back
 * on the button), on a click outside and on navigation. The count is fetched after the page
 * loads and again on each navigation, so pages stay cacheable and light.
 */
export function NotificationBell() {
  const t = useTranslations('notifications');
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState<number | null>(null);
  const [items, setItems] = useState<NotificationItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const router = useRouter();

  const refreshCount = useCallback(() => {
    api<{ unread: number }>('/api/v1/me/notifications/unread-count')
      .then((r) => setUnread(r.unread))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    refreshCount();
    router.events.on('routeChangeComplete', refreshCount);
    return () => router.events.off('routeChangeComplete', refreshCount);
  }, [refreshCount, router.events]);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, rootRef, buttonRef);

  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (!next) return;
    setFailed(false);
    api<NotificationPage>(`/api/v1/me/notifications?limit=${LATEST}`)
      .then((page) => {
        setItems(page.items);
        setUnread(page.unread);
      })
      .catch(() => setFailed(true));
  };

  const label = unread === null ? t('label') : t('labelCount', { count: unread });
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className="relative flex h-9 w-9 items-center justify-center rounded-md border border-border text-fg"
        data-testid="notification-bell"
      >
        <span className="sr-only">{label}</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {unread ? (
          <span
            aria-hidden="true"
            className="absolute -end-1.5 -top-1.5 min-w-[1.25rem] rounded-full bg-accent px-1 text-center text-xs font-semibold leading-5 text-accent-fg"
            data-testid="notification-count"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute end-0 z-50 mt-1.5 w-[min(22rem,calc(100vw-2rem))] rounded-md border border-border bg-surface text-fg shadow-lg"
        data-testid="notification-panel"
      >
        <h2 className="m-0 border-b border-border px-3 py-2 text-sm font-semibold">{t('label')}</h2>
        {failed ? (
          <p className="m-0 px-3 py-3 text-sm">{t('failed')}</p>
        ) : items === null ? (
          <p className="m-0 px-3 py-3 text-sm text-muted">{t('loading')}</p>
        ) : items.length === 0 ? (
          <p className="m-0 px-3 py-3 text-sm text-muted">{t('empty')}</p>
        ) : (
          <ul className="m-0 max-h-96 list-none divide-y divide-border overflow-y-auto p-0">
            {items.map((item) => (
              <li key={item.id}>
                <NotificationRow item={item} compact onOpen={() => markOpened(item, setUnread)} />
              </li>
            ))}
          </ul>
        )}
        <p className="m-0 border-t border-border px-3 py-2 text-sm">
          <Link href={paths.notifications()} className="font-medium">
            {t('all')}
          </Link>
        </p>
      </div>
    </div>
  );
}

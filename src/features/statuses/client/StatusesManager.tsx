import { useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { EmptyState } from '@/components/ui/EmptyState';
import { api, ApiError } from '@/lib/api';
import { focusWhenSettled } from '@/lib/focus';
import type { Status } from '../schema';
import { StatusForm, type StatusValues } from './StatusForm';
import { StatusRow } from './StatusRow';
import { useApiErrorText } from '@/lib/api-error-text';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** The admins' status list: add, edit inline, reorder (up/down) and delete. */
export function StatusesManager({ initial }: { initial: Status[] }) {
  const t = useTranslations('teamSetup.statuses');
  const errorText = useApiErrorText();
  const [statuses, setStatuses] = useState(initial);
  const [notice, setNotice] = useState<Notice>(null);
  const reorderSeq = useRef(0);
  // Where focus goes when a deleted status's row (and its Delete button) is gone.
  const listHeading = useRef<HTMLHeadingElement>(null);
  const notify = (tone: 'success' | 'error', text: string) => setNotice({ tone, text });

  const replace = (next: Status) => setStatuses((list) => list.map((s) => (s.id === next.id ? next : s)));

  const add = async (values: StatusValues) => {
    const created = await api<Status>('/api/v1/statuses', { body: values });
    setStatuses((list) => [...list, created]);
    notify('success', t('added', { name: created.name }));
  };

  const move = async (index: number, direction: -1 | 1) => {
    const previous = statuses;
    const next = [...statuses];
    const [item] = next.splice(index, 1);
    next.splice(index + direction, 0, item!);
    setStatuses(next);
    const seq = ++reorderSeq.current;
    try {
      const { items } = await api<{ items: Status[] }>('/api/v1/statuses/reorder', { body: { ids: next.map((s) => s.id) } });
      if (seq === reorderSeq.current) setStatuses(items);
      notify('success', t(direction < 0 ? 'movedUp' : 'movedDown', { name: item!.name }));
    } catch (err) {
      if (seq === reorderSeq.current) setStatuses(previous);
      notify('error', err instanceof ApiError ? errorText(err) : t('orderFailed'));
    }
  };

  const deleted = (status: Status, result: { movedPosts: number; movedTo?: string }) => {
    setStatuses((list) =>
      list
        .filter((s) => s.id !== status.id)
        .map((s) => (s.id === result.movedTo ? { ...s, postCount: s.postCount + status.postCount } : s)),
    );
    notify(
      'success',
      result.movedPosts > 0 ? t('deletedMoved', { name: status.name, count: result.movedPosts }) : t('deleted', { name: status.name }),
    );
    focusWhenSettled(() => listHeading.current);
  };

  return (
    <>
      <section aria-labelledby="add-status-heading" className="mb-8 rounded-xl border border-border bg-surface p-4 sm:p-6">
        <h2 id="add-status-heading" className="mb-4 text-lg font-semibold">
          {t('addHeading')}
        </h2>
        <StatusForm submitLabel={t('add')} onSubmit={add} testId="status-add-form" />
      </section>
      <div aria-live="polite" className="mb-4 empty:hidden">
        {notice ? (
          <Alert tone={notice.tone} testId="statuses-notice">
            {notice.text}
          </Alert>
        ) : null}
      </div>
      <h2 className="mb-3 text-lg font-semibold" ref={listHeading} tabIndex={-1} data-testid="statuses-heading">
        {t('listHeading')}
      </h2>
      {statuses.length === 0 ? (
        <EmptyState title={t('emptyTitle')} testId="statuses-empty">
          {t('emptyBody')}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="status-list">
          {statuses.map((status, index) => (
            <StatusRow
              key={status.id}
              status={status}
              others={statuses.filter((s) => s.id !== status.id)}
              isFirst={index === 0}
              isLast={index === statuses.length - 1}
              onChanged={replace}
              onMove={(direction) => void move(index, direction)}
              onDeleted={(result) => deleted(status, result)}
              notify={notify}
            />
          ))}
        </ul>
      )}
    </>
  );
}

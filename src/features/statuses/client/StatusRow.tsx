import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { Button } from '@/components/ui/Button';
import { api } from '@/lib/api';
import type { Status } from '../schema';
import { DeleteStatusDialog } from './DeleteStatusDialog';
import { StatusForm, type StatusValues } from './StatusForm';

interface Props {
  status: Status;
  others: readonly Status[];
  isFirst: boolean;
  isLast: boolean;
  onChanged: (status: Status) => void;
  onMove: (direction: -1 | 1) => void;
  onDeleted: (result: { id: string; movedPosts: number; movedTo?: string }) => void;
  notify: (tone: 'success' | 'error', text: string) => void;
}

/** One status in the admin list: its look, inline edit, move up/down and delete. */
export function StatusRow({ status, others, isFirst, isLast, onChanged, onMove, onDeleted, notify }: Props) {
  const t = useTranslations('teamSetup.statuses');
  const tc = useTranslations('teamSetup.categories');
  const [editing, setEditing] = useState(false);

  const save = async (values: StatusValues) => {
    const updated = await api<Status>(`/api/v1/statuses/${status.id}`, { method: 'PATCH', body: values });
    onChanged(updated);
    setEditing(false);
    notify('success', t('saved', { name: updated.name }));
  };

  return (
    <li className="rounded-xl border border-border bg-surface p-4" data-testid="status-row" data-status-id={status.id}>
      {editing ? (
        <StatusForm
          initial={{ name: status.name, color: status.color, category: status.category, onRoadmap: status.onRoadmap }}
          submitLabel={t('save')}
          onSubmit={save}
          onCancel={() => setEditing(false)}
          testId="status-edit-form"
        />
      ) : (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
          <div className="flex min-w-0 flex-1 items-center gap-3">
            <span
              aria-hidden="true"
              className="h-5 w-5 shrink-0 rounded-full border border-border"
              style={{ backgroundColor: status.color }}
              data-testid="status-swatch"
            />
            <div className="min-w-0">
              <p className="m-0 font-medium break-words" data-testid="status-name" dir="auto">
                {status.name}
              </p>
              <p className="m-0 text-xs text-muted">
                {tc(status.category)}
                {' · '}
                <span data-testid="status-color">{status.color}</span>
                {' · '}
                <span data-testid="status-count">{t('postCount', { count: status.postCount })}</span>
                {status.onRoadmap ? <span data-testid="status-on-roadmap-mark">{` · ${t('onRoadmapMark')}`}</span> : null}
              </p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" className="px-3 py-1.5" disabled={isFirst} onClick={() => onMove(-1)} data-testid="status-up">
              <span aria-hidden="true">{'↑'}</span> {t('up')}
              <span className="sr-only">{t('moveUp', { name: status.name })}</span>
            </Button>
            <Button variant="secondary" className="px-3 py-1.5" disabled={isLast} onClick={() => onMove(1)} data-testid="status-down">
              <span aria-hidden="true">{'↓'}</span> {t('down')}
              <span className="sr-only">{t('moveDown', { name: status.name })}</span>
            </Button>
            <Button variant="secondary" className="px-3 py-1.5" onClick={() => setEditing(true)} data-testid="status-edit">
              {t('edit')}
              <span className="sr-only"> {status.name}</span>
            </Button>
            {others.length > 0 ? <DeleteStatusDialog status={status} others={others} onDeleted={onDeleted} /> : null}
          </div>
        </div>
      )}
    </li>
  );
}

import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { SelectField } from '@/components/ui/SelectField';
import { api } from '@/lib/api';
import type { Status } from '../schema';

interface Props {
  status: Status;
  others: readonly Status[];
  onDeleted: (result: { id: string; movedPosts: number; movedTo?: string }) => void;
}

/**
 * Deleting a status: when posts use it, the question includes where they move to (each move is
 * written into the post's history). The last status cannot be deleted, so there is no button.
 */
export function DeleteStatusDialog({ status, others, onDeleted }: Props) {
  const t = useTranslations('teamSetup.deleteStatus');
  const ts = useTranslations('teamSetup.statuses');
  const [moveTo, setMoveTo] = useState(others[0]?.id ?? '');
  const inUse = status.postCount > 0;
  const confirm = async () => {
    const query = inUse ? `?moveTo=${encodeURIComponent(moveTo)}` : '';
    const result = await api<{ id: string; movedPosts: number }>(`/api/v1/statuses/${status.id}${query}`, { method: 'DELETE' });
    onDeleted({ ...result, movedTo: inUse ? moveTo : undefined });
  };
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" className="px-3 py-1.5" data-testid="status-delete">
          {ts('delete')}
          <span className="sr-only"> {status.name}</span>
        </Button>
      }
      title={t('title', { name: status.name })}
      description={inUse ? t('inUse', { count: status.postCount }) : t('unused')}
      confirmLabel={inUse ? t('confirmMove') : t('confirm')}
      onConfirm={confirm}
      testId="status-delete-dialog"
    >
      {inUse ? (
        <SelectField
          label={t('moveTo')}
          options={others.map((s) => ({ value: s.id, label: s.name }))}
          value={moveTo}
          onChange={(e) => setMoveTo(e.target.value)}
          data-testid="status-move-to"
        />
      ) : null}
    </ConfirmDialog>
  );
}

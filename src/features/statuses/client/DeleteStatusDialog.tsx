import { useState } from 'react';
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
          Delete<span className="sr-only"> {status.name}</span>
        </Button>
      }
      title={`Delete “${status.name}”?`}
      description={
        inUse
          ? `${status.postCount} ${status.postCount === 1 ? 'post has' : 'posts have'} this status. Choose the ` +
            `status ${status.postCount === 1 ? 'it moves' : 'they move'} to; each move is recorded in the post's history.`
          : 'No post has this status. It is removed from the list.'
      }
      confirmLabel={inUse ? 'Move posts and delete' : 'Delete'}
      onConfirm={confirm}
      testId="status-delete-dialog"
    >
      {inUse ? (
        <SelectField
          label="Move its posts to"
          options={others.map((s) => ({ value: s.id, label: s.name }))}
          value={moveTo}
          onChange={(e) => setMoveTo(e.target.value)}
          data-testid="status-move-to"
        />
      ) : null}
    </ConfirmDialog>
  );
}

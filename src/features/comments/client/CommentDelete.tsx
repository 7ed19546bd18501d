/** A comment's Delete button and its confirmation (loaded only for those who may delete it). */
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { api, ApiError } from '@/lib/api';

export default function DeleteComment({ id, onDeleted }: { id: number; onDeleted: () => Promise<void> }) {
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className="text-muted underline" data-testid="comment-delete">
          Delete<span className="sr-only"> comment</span>
        </button>
      }
      title="Delete this comment?"
      description="It will be replaced by a note that a comment was deleted."
      confirmLabel="Delete comment"
      onConfirm={async () => {
        try {
          await api(`/api/v1/comments/${id}`, { method: 'DELETE' });
        } catch (err) {
          throw new Error(err instanceof ApiError ? err.message : 'The comment could not be deleted.');
        }
        await onDeleted();
      }}
    />
  );
}

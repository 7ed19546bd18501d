/** A comment's Delete button and its confirmation (loaded only for those who may delete it). */
import { useTranslations } from 'use-intl';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { api } from '@/lib/api';
import type { AuthorControl } from '@/lib/personal-own';

export default function DeleteComment({
  id,
  onDeleted,
  control,
}: {
  id: number;
  onDeleted: () => Promise<void>;
  /** Its author-control marks (src/lib/personal-own.ts). */
  control?: AuthorControl;
}) {
  const t = useTranslations('post');
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className="text-muted underline" data-testid="comment-delete" {...control}>
          {t.rich('comments.delete', { sr: (chunks) => <span className="sr-only">{chunks}</span> })}
        </button>
      }
      title={t('comments.deleteTitle')}
      description={t('comments.deleteDescription')}
      confirmLabel={t('comments.deleteConfirm')}
      onConfirm={async () => {
        await api(`/api/v1/comments/${id}`, { method: 'DELETE' });
        await onDeleted();
      }}
    />
  );
}

/** A post's Delete button and its confirmation (loaded only for pages that draw it: src/composition/post/PostPage.tsx). */
import { useRouter } from 'next/router';
import { useTranslations } from 'use-intl';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { paths } from '@/config/paths';
import { api } from '@/lib/api';
import type { AuthorControl } from '@/lib/personal-own';

/** Deletes the post after a confirmation, then goes to its board. */
export function DeletePostButton({
  number,
  title,
  boardSlug,
  control,
}: {
  number: number;
  title: string;
  boardSlug: string;
  /** Its author-control marks (src/lib/personal-own.ts). */
  control?: AuthorControl;
}) {
  const t = useTranslations('post');
  const router = useRouter();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" data-testid="post-delete" {...control}>
          {t('delete.button')}
        </Button>
      }
      title={t('delete.title')}
      description={t('delete.description', { title })}
      confirmLabel={t('delete.confirm')}
      testId="post-delete-dialog"
      onConfirm={async () => {
        await api(`/api/v1/posts/${number}`, { method: 'DELETE' });
        await router.push(paths.board(boardSlug));
      }}
    />
  );
}

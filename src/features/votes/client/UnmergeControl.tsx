import { useTranslations } from 'use-intl';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import type { MergeResult } from '@/features/votes/schema';
import { api } from '@/lib/api';
import { isolatedRich } from '@/components/ui/bidi';

export interface UnmergeControlProps {
  postNumber: number;
  /** The post this one is merged into; number and title are null when that post is hidden from the viewer (deleted). */
  mergedInto: { number: number; title: string } | { number: null; title: null };
  /** Called after the unmerge (the page reloads its data). */
  onUnmerged: () => void | Promise<void>;
}

/** The team undoes a merge (SPEC.md §4) after confirming: the votes that came with this post leave the other one. */
export function UnmergeControl({ postNumber, mergedInto, onUnmerged }: UnmergeControlProps) {
  const t = useTranslations('postTeam');
  return (
    <div className="flex flex-col items-start gap-2 rounded-lg border border-border p-3 text-sm" data-testid="unmerge-control">
      <p className="m-0">
        {mergedInto.number === null
          ? t('unmerge.hidden')
          : isolatedRich((u, restore) =>
              t.rich('unmerge.mergedInto', {
                ref: `#${mergedInto.number}`,
                title: u(mergedInto.title),
                strong: (chunks) => <strong>{restore(chunks)}</strong>,
                muted: (chunks) => <span className="text-muted">{restore(chunks)}</span>,
              }),
            )}
      </p>
      <ConfirmDialog
        trigger={<Button variant="secondary">{t('unmerge.button')}</Button>}
        title={t('unmerge.title', { ref: `#${postNumber}` })}
        description={
          mergedInto.number === null ? t('unmerge.descriptionHidden') : t('unmerge.description', { ref: `#${mergedInto.number}` })
        }
        confirmLabel={t('unmerge.confirm')}
        tone="primary"
        testId="unmerge-dialog"
        onConfirm={async () => {
          await api<MergeResult>(`/api/v1/posts/${postNumber}/merge`, { method: 'DELETE' });
          await onUnmerged();
        }}
      />
    </div>
  );
}

import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import type { MergeResult } from '@/features/votes/schema';
import { api } from '@/lib/api';

export interface UnmergeControlProps {
  postNumber: number;
  /** The post this one is merged into; number and title are null when that post is hidden from the viewer (deleted). */
  mergedInto: { number: number; title: string } | { number: null; title: null };
  /** Called after the unmerge (the page reloads its data). */
  onUnmerged: () => void | Promise<void>;
}

/** The team undoes a merge (SPEC.md §4) after confirming: the votes that came with this post leave the other one. */
export function UnmergeControl({ postNumber, mergedInto, onUnmerged }: UnmergeControlProps) {
  return (
    <div className="flex flex-col items-start gap-2 rounded-lg border border-border p-3 text-sm" data-testid="unmerge-control">
      <p className="m-0">
        {mergedInto.number === null ? (
          <>Merged into a post you can&apos;t see (it was deleted, or is on a board hidden from you).</>
        ) : (
          <>
            Merged into <strong>#{mergedInto.number}</strong> <span className="text-muted">{mergedInto.title}</span>
          </>
        )}
      </p>
      <ConfirmDialog
        trigger={<Button variant="secondary">Unmerge</Button>}
        title={`Unmerge #${postNumber}?`}
        description={
          `Its votes leave ${mergedInto.number === null ? 'the post it was merged into' : `#${mergedInto.number}`} ` +
          '(those people keep their vote here), and people can vote on it again.'
        }
        confirmLabel="Unmerge"
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

import { useRouter } from 'next/router';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Field } from '@/components/ui/Field';
import type { MergeResult } from '@/features/votes/schema';
import { api } from '@/lib/api';
import { postMergeInput } from '@/features/posts/schema';

export interface MergeControlProps {
  postNumber: number;
  /** The post this one is merged into, or null; number and title are null when that post is hidden from the viewer (deleted). */
  mergedInto: { number: number; title: string } | { number: null; title: null } | null;
}

/**
 * The team merges a duplicate into another post, or unmerges it (SPEC.md §4). Both ask for
 * confirmation; errors (a cycle, an unknown post) are shown in the dialog. After success the
 * page's data is reloaded so counts and the "merged into" notice are current.
 */
export function MergeControl({ postNumber, mergedInto }: MergeControlProps) {
  const router = useRouter();
  const headingId = useId();
  const [into, setInto] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const parsed = postMergeInput.safeParse({ into });
  const target = parsed.success && parsed.data.into !== postNumber ? parsed.data.into : null;
  const inputError =
    into && !target ? (parsed.success ? 'A post cannot be merged into itself.' : parsed.error.issues[0]?.message) : undefined;

  async function refresh(message: string) {
    setDone(message);
    await router.replace(router.asPath, undefined, { scroll: false });
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-border bg-surface p-4" data-testid="merge-control">
      <h2 id={headingId} className="text-sm font-semibold">
        Duplicate
      </h2>
      {mergedInto ? (
        <div className="mt-2 flex flex-col items-start gap-3">
          {mergedInto.number === null ? (
            <p className="text-sm">Merged into a post you can&apos;t see (it was deleted, or is on a board hidden from you).</p>
          ) : (
            <p className="text-sm">
              Merged into <strong>#{mergedInto.number}</strong> <span className="text-muted">{mergedInto.title}</span>
            </p>
          )}
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
              await refresh(`#${postNumber} is no longer merged.`);
            }}
          />
        </div>
      ) : (
        <div className="mt-2 flex flex-col gap-3">
          <Field
            label="Merge into post number"
            inputMode="numeric"
            autoComplete="off"
            value={into}
            onChange={(e) => setInto(e.target.value.replace(/^#/, ''))}
            error={inputError}
            hint="Its votes and followers move there; this post becomes read-only."
          />
          <ConfirmDialog
            trigger={
              <Button variant="secondary" disabled={!target} className="self-start">
                Merge…
              </Button>
            }
            title={`Merge #${postNumber} into #${target ?? ''}?`}
            description="Every vote moves to that post without counting anyone twice, and so do the followers. You can unmerge later."
            confirmLabel="Merge"
            tone="primary"
            testId="merge-dialog"
            onConfirm={async () => {
              if (!target) return;
              const result = await api<MergeResult>(`/api/v1/posts/${postNumber}/merge`, { body: { into: target } });
              setInto('');
              await refresh(`Merged into #${result.target?.number ?? target}.`);
            }}
          />
        </div>
      )}
      <div aria-live="polite" className="mt-3 empty:hidden">
        {done ? <Alert tone="success">{done}</Alert> : null}
      </div>
    </section>
  );
}

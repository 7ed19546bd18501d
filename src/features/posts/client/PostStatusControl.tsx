import { useRouter } from 'next/router';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { SelectField } from '@/components/ui/SelectField';
import { TextareaField } from '@/components/ui/TextareaField';
import { postStatusInput } from '@/features/posts/schema';
import { api, ApiError } from '@/lib/api';
import { STATUS_CATEGORY_LABELS, type PostStatusResult, type StatusRef } from '@/features/statuses/schema';

export interface PostStatusControlProps {
  postNumber: number;
  statuses: StatusRef[];
  current: StatusRef | null;
}

/**
 * The team's status control on a post: a status, an optional public note (Markdown, part of the
 * post's history), save. After a save the page's data is reloaded in place, so the badge and the
 * history show the change. Validated with the server's schema.
 */
export function PostStatusControl({ postNumber, statuses, current }: PostStatusControlProps) {
  const router = useRouter();
  const [statusId, setStatusId] = useState(current?.id ?? '');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ statusId?: string; note?: string; root?: string }>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const headingId = useId();

  const options = [
    ...(current ? [] : [{ value: '', label: 'New (no status yet)' }]),
    ...statuses.map((s) => ({ value: s.id, label: `${s.name} (${STATUS_CATEGORY_LABELS[s.category]})` })),
  ];
  const unchanged = statusId === (current?.id ?? '') && note.trim() === '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(null);
    const parsed = postStatusInput.safeParse({ statusId, note });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'note' ? 'note' : 'statusId';
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const result = await api<PostStatusResult>(`/api/v1/posts/${postNumber}/status`, { body: parsed.data });
      setNote('');
      setSaved(result.change ? `Status set to ${result.status?.name ?? 'none'}.` : 'Nothing changed.');
      await router.replace(router.asPath, undefined, { scroll: false });
    } catch (err) {
      if (err instanceof ApiError && (err.fields.statusId || err.fields.note))
        setErrors({ statusId: err.fields.statusId, note: err.fields.note });
      else setErrors({ root: err instanceof Error ? err.message : 'The status was not changed.' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-border bg-surface p-4" data-testid="post-status-control">
      <h2 id={headingId} className="mb-3 text-base font-semibold">
        Status
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
        <SelectField
          label="Status"
          options={options}
          value={statusId}
          onChange={(e) => setStatusId(e.target.value)}
          error={errors.statusId}
          data-testid="post-status-select"
        />
        <TextareaField
          label="Public note (optional)"
          hint="Shown with the change in the post's history and sent to its voters and subscribers. Markdown works."
          rows={3}
          maxLength={5000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={errors.note}
          data-testid="post-status-note"
        />
        {errors.root ? <Alert tone="error">{errors.root}</Alert> : null}
        <div className="flex items-center gap-3">
          <Button type="submit" busy={saving} disabled={unchanged} data-testid="post-status-save">
            {saving ? 'Saving…' : 'Save status'}
          </Button>
          <p aria-live="polite" className="m-0 text-sm text-muted" data-testid="post-status-saved">
            {saved}
          </p>
        </div>
      </form>
    </section>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'use-intl';
import { Button } from '@/components/ui/Button';
import { api, ApiError } from '@/lib/api';
import type { StatusRef } from '@/features/statuses/schema';
import type { TagRef } from '@/features/tags/schema';
import type { TriageBulkResult } from '@/features/posts/triage-schema';
import { useApiErrorText } from '@/lib/api-error-text';

type Action = 'status' | 'add-tag' | 'remove-tag';

/** One change to the selected posts: a status with an optional note, or a tag added or removed. */
export function TriageBulkBar({
  numbers,
  statuses,
  tags,
  onDone,
  onClear,
}: {
  numbers: number[];
  statuses: StatusRef[];
  tags: TagRef[];
  onDone: (result: TriageBulkResult) => void;
  onClear: () => void;
}) {
  const t = useTranslations('teamWork.triage.bulk');
  const errorText = useApiErrorText();
  const [action, setAction] = useState<Action>('status');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const options =
    action === 'status' ? statuses.map((s) => ({ id: s.id, name: s.name })) : tags.map((tag) => ({ id: tag.id, name: tag.name }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!value) return setError(action === 'status' ? t('chooseStatus') : t('chooseTag'));
    setBusy(true);
    setError(null);
    try {
      const body =
        action === 'status'
          ? { numbers, statusId: value, note }
          : action === 'add-tag'
            ? { numbers, addTagIds: [value] }
            : { numbers, removeTagIds: [value] };
      const result = await api<TriageBulkResult>('/api/v1/triage/bulk', { body });
      setNote('');
      onDone(result);
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err) : t('error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label={t('label')}
      className="sticky top-0 z-10 mb-2 flex flex-wrap items-end gap-2 rounded-lg border border-accent bg-surface p-3 shadow"
      data-testid="bulk-bar"
    >
      <p className="m-0 self-center text-sm font-medium" aria-live="polite">
        {t('selected', { count: numbers.length })}
      </p>
      <div className="flex flex-col">
        <label htmlFor={`${ids}-action`} className="text-xs text-muted">
          {t('change')}
        </label>
        <select
          id={`${ids}-action`}
          value={action}
          onChange={(e) => {
            setAction(e.target.value as Action);
            setValue('');
          }}
          className="rounded-md border border-border bg-bg px-2 py-1 text-sm"
          data-testid="bulk-action"
        >
          <option value="status">{t('setStatus')}</option>
          <option value="add-tag">{t('addTag')}</option>
          <option value="remove-tag">{t('removeTag')}</option>
        </select>
      </div>
      <div className="flex flex-col">
        <label htmlFor={`${ids}-value`} className="text-xs text-muted">
          {action === 'status' ? t('status') : t('tag')}
        </label>
        <select
          id={`${ids}-value`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="rounded-md border border-border bg-bg px-2 py-1 text-sm"
          data-testid="bulk-value"
        >
          <option value="">{t('choose')}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id} dir="auto">
              {o.name}
            </option>
          ))}
        </select>
      </div>
      {action === 'status' ? (
        <div className="flex min-w-48 flex-1 flex-col">
          <label htmlFor={`${ids}-note`} className="text-xs text-muted">
            {t('note')}
          </label>
          <input
            id={`${ids}-note`}
            value={note}
            maxLength={5000}
            onChange={(e) => setNote(e.target.value)}
            className="rounded-md border border-border bg-bg px-2 py-1 text-sm"
          />
        </div>
      ) : null}
      <Button type="submit" busy={busy} className="px-3 py-1.5" data-testid="bulk-apply">
        {t('apply', { count: numbers.length })}
      </Button>
      <Button variant="secondary" className="px-3 py-1.5" onClick={onClear}>
        {t('clear')}
      </Button>
      {error ? (
        <p role="alert" className="m-0 w-full text-sm text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}

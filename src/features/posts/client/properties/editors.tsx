/**
 * The editors inside the property popovers. Each saves through the API and hands the saved
 * value back; a refusal is shown in place and nothing typed is lost.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'use-intl';
import { Button } from '@/components/ui/Button';
import { api, ApiError } from '@/lib/api';
import type { StatusRef, PostStatusResult } from '@/features/statuses/schema';
import { MAX_TAGS_PER_POST, type TagRef } from '@/features/tags/schema';
import type { TeamProperties } from '../../schema';
import { useEtaLabel } from './use-eta-label';
import { useApiErrorText } from '@/lib/api-error-text';

function ErrorLine({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="m-0 mt-2 text-sm text-danger">
      {error}
    </p>
  ) : null;
}

/** Status with an optional public note; saved with the button (the note is part of the change). */
export function StatusEditor({
  postNumber,
  statuses,
  current,
  onSaved,
}: {
  postNumber: number;
  statuses: StatusRef[];
  current: StatusRef | null;
  onSaved: (status: StatusRef | null) => void;
}) {
  const t = useTranslations('teamWork.properties');
  const errorText = useApiErrorText();
  const [statusId, setStatusId] = useState(current?.id ?? '');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!statusId) return setError(t('editors.chooseStatus'));
    setBusy(true);
    setError(null);
    try {
      const result = await api<PostStatusResult>(`/api/v1/posts/${postNumber}/status`, { body: { statusId, note } });
      onSaved(result.status);
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err) : t('editors.statusNotChanged'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="status-editor">
      <fieldset className="m-0 border-0 p-0">
        <legend className="mb-2 text-sm font-semibold">{t('status')}</legend>
        <div className="flex max-h-56 flex-col gap-1 overflow-y-auto">
          {statuses.map((s) => (
            <label key={s.id} className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-bg">
              <input type="radio" name="status" value={s.id} checked={statusId === s.id} onChange={() => setStatusId(s.id)} />
              <span aria-hidden="true" className="h-2 w-2 rounded-full" style={{ background: s.color }} />
              <bdi>{s.name}</bdi>
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={noteId} className="mt-3 block text-sm font-medium">
        {t('editors.note')}
      </label>
      <textarea
        id={noteId}
        rows={3}
        maxLength={5000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        className="mt-1 w-full rounded-md border border-border bg-bg px-2 py-1 text-sm"
        aria-describedby={`${noteId}-hint`}
        data-testid="status-note"
      />
      <p id={`${noteId}-hint`} className="m-0 text-xs text-muted">
        {t('editors.noteHint')}
      </p>
      <ErrorLine error={error} />
      <Button type="submit" busy={busy} className="mt-3 w-full" data-testid="status-save">
        {t('editors.saveStatus')}
      </Button>
    </form>
  );
}

/** Tags: a filter box and checkboxes, at most 10; saved with the button. */
export function TagsEditor({
  postNumber,
  tags,
  selected,
  onSaved,
}: {
  postNumber: number;
  tags: TagRef[];
  selected: TagRef[];
  onSaved: (tags: TagRef[]) => void;
}) {
  const t = useTranslations('teamWork.properties.editors');
  const errorText = useApiErrorText();
  const [chosen, setChosen] = useState(() => selected.map((tag) => tag.id));
  const [filter, setFilter] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = tags.filter((tag) => tag.name.toLowerCase().includes(filter.trim().toLowerCase()));
  const atLimit = chosen.length >= MAX_TAGS_PER_POST;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await api<{ tags: TagRef[] }>(`/api/v1/posts/${postNumber}/tags`, { method: 'PUT', body: { tagIds: chosen } });
      onSaved(result.tags);
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err) : t('tagsNotSaved'));
    } finally {
      setBusy(false);
    }
  };
  if (tags.length === 0) return <p className="m-0 text-sm text-muted">{t('noTags')}</p>;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="tags-editor">
      <input
        type="search"
        aria-label={t('filterTags')}
        placeholder={t('filterTags')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        className="mb-2 w-full rounded-md border border-border bg-bg px-2 py-1 text-sm"
      />
      <fieldset className="m-0 border-0 p-0">
        <legend className="mb-1 text-xs text-muted">{t('chosenCount', { count: chosen.length, max: MAX_TAGS_PER_POST })}</legend>
        <div className="flex max-h-56 flex-col gap-1 overflow-y-auto">
          {shown.map((tag) => {
            const checked = chosen.includes(tag.id);
            return (
              <label key={tag.id} className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-bg">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && atLimit}
                  onChange={(e) => setChosen((c) => (e.target.checked ? [...c, tag.id] : c.filter((x) => x !== tag.id)))}
                />
                <span aria-hidden="true" className="h-2 w-2 rounded-full" style={{ background: tag.color }} />
                <bdi>{tag.name}</bdi>
              </label>
            );
          })}
          {shown.length === 0 ? <p className="m-0 text-sm text-muted">{t('noTagMatch')}</p> : null}
        </div>
      </fieldset>
      <ErrorLine error={error} />
      <Button type="submit" busy={busy} className="mt-3 w-full" data-testid="tags-save">
        {t('saveTags')}
      </Button>
    </form>
  );
}

/** Saves one change of the team's properties (owner, ETA, scores). */
export async function saveProperties(postNumber: number, body: Record<string, unknown>): Promise<TeamProperties> {
  return api<TeamProperties>(`/api/v1/posts/${postNumber}/properties`, { method: 'PATCH', body });
}

/** A choice among a few values (owner, a score): choosing one saves it. */
export function ChoiceEditor<V extends string | number>({
  legend,
  options,
  current,
  save,
  testId,
}: {
  legend: string;
  options: { value: V | null; label: string }[];
  current: V | null;
  save: (value: V | null) => Promise<void>;
  testId?: string;
}) {
  const t = useTranslations('teamWork.properties');
  const errorText = useApiErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = useId();
  const choose = async (value: V | null) => {
    setBusy(true);
    setError(null);
    try {
      await save(value);
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err) : t('notSaved'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="m-0 border-0 p-0" aria-busy={busy || undefined} data-testid={testId}>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="flex max-h-64 flex-col gap-1 overflow-y-auto">
        {options.map((o) => (
          <label key={String(o.value)} className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-bg">
            <input type="radio" name={name} checked={current === o.value} disabled={busy} onChange={() => void choose(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
      <ErrorLine error={error} />
    </fieldset>
  );
}

/** The scores, 1 to 5, as keys of `teamWork.properties.scores.<kind>`. */
export const scoreKey = (score: number) => String(score) as '1' | '2' | '3' | '4' | '5';

type PropertiesT = ReturnType<typeof useTranslations<'teamWork.properties'>>;

/** The choices of a score (impact, effort): 1 to 5 with their names, or none. */
export const scoreOptions = (kind: 'impact' | 'effort', t: PropertiesT) => [
  ...[1, 2, 3, 4, 5].map((score) => ({ value: score, label: `${score} · ${t(`scores.${kind}.${scoreKey(score)}`)}` })),
  { value: null, label: t('notScored') },
];

/** ETA: a month or a quarter of this year or the next three; saved with the button, or cleared. */
export function EtaEditor({ current, save }: { current: string | null; save: (eta: string | null) => Promise<void> }) {
  const t = useTranslations('teamWork.properties.editors');
  const errorText = useApiErrorText();
  const etaLabel = useEtaLabel();
  const thisYear = new Date().getUTCFullYear();
  const [year, part] = (current ?? `${thisYear}-Q${Math.floor(new Date().getUTCMonth() / 3) + 1}`).split('-') as [string, string];
  const [chosenYear, setYear] = useState(year);
  const [chosenPart, setPart] = useState(part);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const years = [...new Set([Number(year), thisYear, thisYear + 1, thisYear + 2, thisYear + 3])].sort();
  const parts = [...['Q1', 'Q2', 'Q3', 'Q4'], ...Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'))];
  const run = async (eta: string | null) => {
    setBusy(true);
    setError(null);
    try {
      await save(eta);
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err) : t('etaNotSaved'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void run(`${chosenYear}-${chosenPart}`);
      }}
      data-testid="eta-editor"
    >
      <p className="m-0 mb-2 text-sm font-semibold">{t('expected')}</p>
      <div className="grid grid-cols-2 gap-2">
        <label htmlFor={`${ids}-p`} className="text-xs text-muted">
          {t('quarterOrMonth')}
        </label>
        <label htmlFor={`${ids}-y`} className="text-xs text-muted">
          {t('year')}
        </label>
        <select
          id={`${ids}-p`}
          value={chosenPart}
          onChange={(e) => setPart(e.target.value)}
          className="rounded-md border border-border bg-bg px-2 py-1 text-sm"
        >
          {parts.map((p) => (
            <option key={p} value={p}>
              {etaLabel(`${chosenYear}-${p}`, true)}
            </option>
          ))}
        </select>
        <select
          id={`${ids}-y`}
          value={chosenYear}
          onChange={(e) => setYear(e.target.value)}
          className="rounded-md border border-border bg-bg px-2 py-1 text-sm"
        >
          {years.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </select>
      </div>
      <ErrorLine error={error} />
      <div className="mt-3 flex gap-2">
        <Button type="submit" busy={busy} className="flex-1" data-testid="eta-save">
          {t('save')}
        </Button>
        {current ? (
          <Button variant="secondary" disabled={busy} onClick={() => void run(null)}>
            {t('clear')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

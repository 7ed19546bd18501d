import Link from 'next/link';
import { useId, useState } from 'react';
import { useTranslations } from 'use-intl';
import { Button } from '@/components/ui/Button';
import { api, ApiError } from '@/lib/api';
import {
  NO_STATUS,
  TRIAGE_SHOWS,
  triageQueryString,
  type TriageFiltersQuery as Filters,
  type TriagePage,
  type TriageShow,
  type TriageView,
} from '@/features/posts/triage-schema';
import type { TriagePageProps } from './triage-types';
import { useApiErrorText } from '@/lib/api-error-text';

const countOf = (facet: { key: string; count: number }[], key: string) => facet.find((f) => f.key === key)?.count ?? 0;

function CheckList({
  legend,
  items,
  chosen,
  onToggle,
  testId,
}: {
  legend: string;
  items: { key: string; label: string; color?: string; count: number }[];
  chosen: string[];
  onToggle: (key: string, on: boolean) => void;
  testId: string;
}) {
  if (items.length === 0) return null;
  return (
    <fieldset className="m-0 mt-4 border-0 p-0" data-testid={testId}>
      <legend className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">{legend}</legend>
      <ul className="flex flex-col">
        {items.map((item) => (
          <li key={item.key}>
            <label className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-bg">
              <input type="checkbox" checked={chosen.includes(item.key)} onChange={(e) => onToggle(item.key, e.target.checked)} />
              {item.color ? <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full" style={{ background: item.color }} /> : null}
              <span className="min-w-0 flex-1 truncate" dir="auto">
                {item.label}
              </span>
              <span className="text-xs text-muted tabular-nums">{item.count}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The queues, the facets with their live counts, the owner filter and the saved views. */
export function TriageFacets({
  filters,
  facets,
  catalogs,
  views,
  onChange,
  onViewsChange,
}: {
  filters: Filters;
  facets: TriagePage['facets'];
  catalogs: TriagePageProps['catalogs'];
  views: TriageView[];
  onChange: (next: Filters) => void;
  onViewsChange: (views: TriageView[]) => void;
}) {
  const t = useTranslations('teamWork.triage.facets');
  // The panel is drawn twice (beside the list, and folded above it on narrower screens): ids are its own.
  const ownerId = useId();
  const toggle = (key: 'status' | 'board' | 'tag', value: string, on: boolean) => {
    const current = filters[key] ?? [];
    onChange({ ...filters, [key]: on ? [...current, value] : current.filter((v) => v !== value) });
  };
  // The status facet ignores the status filter, so these counts add up to the open work under the other filters.
  const openStatuses = [
    NO_STATUS,
    ...catalogs.statuses.filter((st) => st.category !== 'done' && st.category !== 'closed').map((st) => st.slug),
  ];
  const chosenStatuses = new Set(filters.status ?? []);
  const openByPriority =
    filters.show === 'all' &&
    filters.sort === 'priority' &&
    chosenStatuses.size === openStatuses.length &&
    openStatuses.every((slug) => chosenStatuses.has(slug));
  return (
    <nav aria-label={t('label')} className="text-sm">
      <SavedViews filters={filters} views={views} onViewsChange={onViewsChange} />
      <h2 className="mt-4 mb-1 text-xs font-semibold tracking-wide text-muted uppercase">{t('queues')}</h2>
      <ul className="flex flex-col" data-testid="triage-queues">
        {TRIAGE_SHOWS.map((show: TriageShow) => (
          <li key={show}>
            <button
              type="button"
              aria-pressed={filters.show === show}
              onClick={() => onChange({ ...filters, show })}
              className="flex w-full items-center gap-2 rounded px-2 py-1 text-start hover:bg-bg aria-pressed:bg-accent/15 aria-pressed:font-medium"
            >
              <span className="flex-1">{t(`show.${show}`)}</span>
              <span className="text-xs text-muted tabular-nums">{facets.show[show]}</span>
            </button>
          </li>
        ))}
        <li>
          {/* Open work (no status, open, planned, in progress) by priority: the ranking the team plans from. */}
          <button
            type="button"
            aria-pressed={openByPriority}
            onClick={() => onChange({ ...filters, show: 'all', status: openStatuses, sort: 'priority' })}
            className="flex w-full items-center gap-2 rounded px-2 py-1 text-start hover:bg-bg aria-pressed:bg-accent/15 aria-pressed:font-medium"
            data-testid="queue-open-by-priority"
          >
            <span className="flex-1">{t('openByPriority')}</span>
            <span className="text-xs text-muted tabular-nums">{openStatuses.reduce((n, slug) => n + countOf(facets.status, slug), 0)}</span>
          </button>
        </li>
      </ul>
      <CheckList
        legend={t('status')}
        testId="facet-status"
        chosen={filters.status ?? []}
        onToggle={(k, on) => toggle('status', k, on)}
        items={[
          { key: NO_STATUS, label: t('noStatus'), count: countOf(facets.status, NO_STATUS) },
          ...catalogs.statuses.map((s) => ({ key: s.slug, label: s.name, color: s.color, count: countOf(facets.status, s.slug) })),
        ]}
      />
      <CheckList
        legend={t('board')}
        testId="facet-board"
        chosen={filters.board ?? []}
        onToggle={(k, on) => toggle('board', k, on)}
        items={catalogs.boards.map((b) => ({ key: b.slug, label: b.name, count: countOf(facets.board, b.slug) }))}
      />
      <CheckList
        legend={t('tag')}
        testId="facet-tag"
        chosen={filters.tag ?? []}
        onToggle={(k, on) => toggle('tag', k, on)}
        items={catalogs.tags.map((tag) => ({ key: tag.id, label: tag.name, color: tag.color, count: countOf(facets.tag, tag.id) }))}
      />
      <label className="mt-4 block text-xs font-semibold tracking-wide text-muted uppercase" htmlFor={ownerId}>
        {t('owner')}
      </label>
      <select
        id={ownerId}
        value={filters.owner ?? ''}
        onChange={(e) => onChange({ ...filters, owner: e.target.value || undefined })}
        className="mt-1 w-full rounded-md border border-border bg-surface px-2 py-1"
      >
        <option value="">{t('anyone')}</option>
        <option value="me">{t('me')}</option>
        <option value="none">{t('noOwner')}</option>
        {catalogs.team.map((m) => (
          <option key={m.id} value={m.id} dir="auto">
            {m.displayName}
          </option>
        ))}
      </select>
    </nav>
  );
}

/** Each team member's saved views: links to their URLs, saving the current one, deleting one. */
function SavedViews({
  filters,
  views,
  onViewsChange,
}: {
  filters: Filters;
  views: TriageView[];
  onViewsChange: (v: TriageView[]) => void;
}) {
  const t = useTranslations('teamWork.triage.views');
  const errorText = useApiErrorText();
  const ids = useId();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const view = await api<TriageView>('/api/v1/triage/views', { body: { name, query: triageQueryString(filters) } });
      onViewsChange([...views, view]);
      setNaming(false);
      setName('');
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err) : t('saveError'));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (view: TriageView) => {
    try {
      await api(`/api/v1/triage/views/${view.id}`, { method: 'DELETE' });
      onViewsChange(views.filter((v) => v.id !== view.id));
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err) : t('deleteError'));
    }
  };
  return (
    <section aria-labelledby={`${ids}-heading`} data-testid="saved-views">
      <h2 id={`${ids}-heading`} className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">
        {t('heading')}
      </h2>
      {views.length === 0 ? <p className="m-0 text-xs text-muted">{t('empty')}</p> : null}
      <ul className="flex flex-col">
        {views.map((v) => (
          <li key={v.id} className="group flex items-center gap-1">
            <Link
              href={`/admin/inbox${v.query ? `?${v.query}` : ''}`}
              className="min-w-0 flex-1 truncate rounded px-2 py-1 hover:bg-bg"
              dir="auto"
            >
              {v.name}
            </Link>
            <button
              type="button"
              onClick={() => void remove(v)}
              aria-label={t('delete', { name: v.name })}
              className="rounded px-2 py-1 text-muted hover:bg-bg hover:text-fg"
            >
              {'×'}
            </button>
          </li>
        ))}
      </ul>
      {naming ? (
        <form
          className="mt-2 flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label htmlFor={`${ids}-name`} className="text-xs">
            {t('name')}
          </label>
          <input
            id={`${ids}-name`}
            value={name}
            maxLength={40}
            onChange={(e) => setName(e.target.value)}
            className="rounded-md border border-border bg-surface px-2 py-1"
            autoFocus
          />
          <div className="flex gap-2">
            <Button type="submit" busy={busy} className="px-3 py-1">
              {t('save')}
            </Button>
            <Button variant="secondary" className="px-3 py-1" onClick={() => setNaming(false)}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <button type="button" onClick={() => setNaming(true)} className="mt-1 rounded px-2 py-1 text-accent hover:bg-bg">
          {t('saveThis')}
        </button>
      )}
      {error ? (
        <p role="alert" className="m-0 mt-1 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}

import Head from 'next/head';
import { useRouter } from 'next/router';
import { useCallback, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { api, ApiError } from '@/lib/api';
import type { PropertiesChange, PropertyKey } from '@/features/posts/client/properties/PostProperties';
import {
  TRIAGE_SORTS,
  triageQueryString,
  type TriageBulkResult,
  type TriageFiltersQuery,
  type TriagePage as Page,
  type TriagePost,
  type TriageSort,
} from '@/features/posts/triage-schema';
import { ShortcutsHelp } from './ShortcutsHelp';
import { TriageBulkBar } from './TriageBulkBar';
import { TriageDetail } from './TriageDetail';
import { TriageFacets } from './TriageFacets';
import { TriageList } from './TriageList';
import type { TriagePageProps } from './triage-types';
import { useShortcuts } from './use-shortcuts';
import { useApiErrorText } from '@/lib/api-error-text';

function applyChange(post: TriagePost, change: PropertiesChange): TriagePost {
  if ('status' in change) return { ...post, status: change.status, teamResponded: true };
  if ('tags' in change) return { ...post, tags: change.tags };
  if ('approval' in change) return { ...post, approval: change.approval };
  if ('team' in change) {
    const t = change.team;
    return { ...post, owner: t.owner, eta: t.eta, impact: t.impact, effort: t.effort, priority: t.priority };
  }
  return post;
}

/**
 * `/admin/inbox`: the team's triage. Facets with live counts on the left, the list in the
 * middle, the selected post with its properties on the right (wide screens); single-key
 * shortcuts; bulk changes on a selection. The URL holds the filters, so a view is shared by its
 * address and the back button works.
 */
export default function TriageRoute(props: ShellProps & TriagePageProps) {
  // A new address with other filters (a saved view's link, back and forward across them) starts afresh.
  return <TriagePage key={triageQueryString(props.query)} {...props} />;
}
/** The team area is wider than the rest of the site: three columns. */
TriageRoute.wide = true;

function TriagePage({ shell, initial, query, catalogs, views: initialViews }: ShellProps & TriagePageProps) {
  const t = useTranslations('teamWork.triage');
  const errorText = useApiErrorText();
  const router = useRouter();
  const [filters, setFilters] = useState<TriageFiltersQuery>(query);
  const [page, setPage] = useState<Page>(initial);
  const [views, setViews] = useState(initialViews);
  const [loading, setLoading] = useState<'list' | 'more' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [openProperty, setOpenProperty] = useState<PropertyKey | null>(null);
  const [help, setHelp] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [search, setSearch] = useState(query.q ?? '');
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const request = useRef<AbortController | null>(null);

  const load = useCallback(
    async (next: TriageFiltersQuery, opts: { keepSelection?: boolean } = {}) => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      setLoading('list');
      setError(null);
      try {
        const qs = triageQueryString(next);
        const fresh = await api<Page>(`/api/v1/triage${qs ? `?${qs}` : ''}`, { signal: controller.signal });
        setPage(fresh);
        if (!opts.keepSelection) {
          setActive(0);
          setChecked(new Set());
        }
      } catch (err) {
        if ((err as Error).name !== 'AbortError') setError(err instanceof ApiError ? errorText(err) : t('loadError'));
      } finally {
        if (request.current === controller) setLoading(null);
      }
    },
    [setPage, t, errorText],
  );

  const change = (next: TriageFiltersQuery) => {
    setFilters(next);
    const qs = triageQueryString(next);
    void router.replace(`/admin/inbox${qs ? `?${qs}` : ''}`, undefined, { shallow: true, scroll: false });
    void load(next);
  };

  const more = async () => {
    if (!page.nextCursor) return;
    setLoading('more');
    try {
      const qs = new URLSearchParams(triageQueryString(filters));
      qs.set('cursor', page.nextCursor);
      const next = await api<Page>(`/api/v1/triage?${qs}`);
      setPage((p) => ({ ...next, items: [...p.items, ...next.items] }));
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err) : t('moreError'));
    } finally {
      setLoading(null);
    }
  };

  const selected = page.items[active] ?? null;
  const focusRow = (index: number) => {
    const bounded = Math.max(0, Math.min(page.items.length - 1, index));
    setActive(bounded);
    listRef.current?.querySelectorAll<HTMLAnchorElement>('[data-testid="triage-title"]')[bounded]?.focus();
  };
  const inList = () => Boolean(listRef.current?.querySelector('[data-testid="triage-list"]')?.contains(document.activeElement));
  const onChanged = (c: PropertiesChange) => {
    if ('mergedInto' in c && selected) {
      setNotice(t('merged', { source: `#${selected.number}`, target: `#${c.mergedInto}` }));
      setPage((p) => ({ ...p, items: p.items.filter((x) => x.number !== selected.number), total: p.total - 1 }));
    } else {
      setPage((p) => ({ ...p, items: p.items.map((x, i) => (i === active ? applyChange(x, c) : x)) }));
    }
    // The counts moved: read them again, keeping the place in the list.
    void refreshCounts();
  };
  const refreshCounts = async () => {
    try {
      const qs = triageQueryString(filters);
      const fresh = await api<Page>(`/api/v1/triage${qs ? `?${qs}` : ''}`);
      setPage((p) => ({ ...p, facets: fresh.facets, total: fresh.total }));
    } catch {
      // The list stays as it is; the next change or reload brings the counts.
    }
  };
  const onBulkDone = (result: TriageBulkResult) => {
    const skipped = result.skipped.map((s) => `#${s.number}: ${s.reason}`).join(' ');
    const count = result.changed.length;
    setNotice(skipped ? t('bulkDoneSkipped', { count, skipped }) : t('bulkDone', { count }));
    void load(filters);
  };

  useShortcuts({
    // The first j or k brings focus to the list at the selected post; then they move.
    j: () => focusRow(inList() ? active + 1 : active),
    k: () => focusRow(inList() ? active - 1 : active),
    b: () => document.querySelector<HTMLSelectElement>('[data-testid="bulk-action"]')?.focus(),
    x: () => {
      if (!selected) return;
      setChecked((c) => {
        const next = new Set(c);
        if (next.has(selected.number)) next.delete(selected.number);
        else next.add(selected.number);
        return next;
      });
    },
    s: () => selected && setOpenProperty('status'),
    t: () => selected && setOpenProperty('tags'),
    m: () => selected && setOpenProperty('merge'),
    a: () => selected?.approval === 'pending' && document.querySelector<HTMLButtonElement>('[data-testid="approve"]')?.click(),
    '/': () => searchRef.current?.focus(),
    '?': () => setHelp(true),
  });

  // The same panel beside the list on wide screens, and folded above it on narrower ones.
  const facetPanel = (
    <TriageFacets filters={filters} facets={page.facets} catalogs={catalogs} views={views} onChange={change} onViewsChange={setViews} />
  );

  return (
    <>
      <Head>
        <title>{t('pageTitle', { workspace: shell.workspace.name })}</title>
      </Head>
      <TeamNav viewer={shell.viewer} />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="me-auto text-2xl font-semibold">{t('heading')}</h1>
        <ShortcutsHelp open={help} onOpenChange={setHelp} />
      </div>
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[13rem_minmax(0,1fr)_22rem]">
        <div className="hidden xl:block">{facetPanel}</div>
        <div className="min-w-0" ref={listRef}>
          <details className="mb-3 rounded-lg border border-border p-3 xl:hidden" data-testid="filters-disclosure">
            <summary className="cursor-pointer text-sm font-medium">{t('filtersAndViews')}</summary>
            <div className="mt-2">{facetPanel}</div>
          </details>
          <form
            role="search"
            className="mb-3 flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              change({ ...filters, q: search.trim() || undefined });
            }}
          >
            <div className="flex min-w-40 flex-1 flex-col">
              <label htmlFor="triage-search" className="text-xs text-muted">
                {t('search')}
              </label>
              <input
                id="triage-search"
                ref={searchRef}
                type="search"
                value={search}
                maxLength={200}
                aria-keyshortcuts="/"
                onChange={(e) => setSearch(e.target.value)}
                className="rounded-md border border-border bg-surface px-2 py-1.5 text-sm"
                data-testid="triage-search"
              />
            </div>
            <div className="flex flex-col">
              <label htmlFor="triage-sort" className="text-xs text-muted">
                {t('sort')}
              </label>
              <select
                id="triage-sort"
                value={filters.sort}
                onChange={(e) => change({ ...filters, sort: e.target.value as TriageSort })}
                className="rounded-md border border-border bg-surface px-2 py-1.5 text-sm"
                data-testid="triage-sort"
              >
                {TRIAGE_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`sorts.${s}`)}
                  </option>
                ))}
              </select>
            </div>
          </form>
          <p className="m-0 mb-2 text-sm text-muted" aria-live="polite" data-testid="triage-total">
            {loading === 'list' ? t('loading') : t('total', { count: page.total })}
          </p>
          {notice ? (
            <div className="mb-2">
              <Alert tone="success">{notice}</Alert>
            </div>
          ) : null}
          {error ? (
            <div className="mb-2">
              <Alert tone="error">{error}</Alert>
            </div>
          ) : null}
          {checked.size > 0 ? (
            <TriageBulkBar
              numbers={[...checked]}
              statuses={catalogs.statuses}
              tags={catalogs.tags}
              onDone={onBulkDone}
              onClear={() => setChecked(new Set())}
            />
          ) : null}
          {page.items.length === 0 ? (
            <EmptyState title={t('emptyTitle')}>{t('emptyBody')}</EmptyState>
          ) : (
            <div aria-busy={loading === 'list' || undefined} className={loading === 'list' ? 'opacity-60' : undefined}>
              <TriageList
                items={page.items}
                active={active}
                checked={checked}
                onActivate={setActive}
                onCheck={(n, on) =>
                  setChecked((c) => {
                    const next = new Set(c);
                    if (on) next.add(n);
                    else next.delete(n);
                    return next;
                  })
                }
              />
            </div>
          )}
          {page.nextCursor ? (
            <Button variant="secondary" className="mt-3" busy={loading === 'more'} onClick={() => void more()} data-testid="triage-more">
              {t('showMore')}
            </Button>
          ) : null}
        </div>
        <aside aria-label={t('selectedPost')} className="hidden lg:block">
          <div className="sticky top-4">
            {selected ? (
              <TriageDetail post={selected} catalogs={catalogs} open={openProperty} onOpenChange={setOpenProperty} onChanged={onChanged} />
            ) : (
              <p className="text-sm text-muted">{t('selectPrompt')}</p>
            )}
          </div>
        </aside>
      </div>
    </>
  );
}

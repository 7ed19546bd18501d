import Link from 'next/link';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { POST_SORTS, type PostSort } from '@/features/posts/enums';

export interface BoardFilterValues {
  /** The sort chosen in the URL, or null (trending; relevance when searching). */
  sort: PostSort | null;
  status: string;
  tag: string;
  q: string;
  /** `?closed=show`: done and closed posts are listed on trending and top too. */
  closed: boolean;
}

/** Sort links: every order is a URL, so it can be shared and Back returns to it. Page cursors are dropped. */
export function SortTabs({ boardSlug, filters, order }: { boardSlug: string; filters: BoardFilterValues; order: PostSort | 'relevance' }) {
  const t = useTranslations('portal');
  const keep = {
    status: filters.status || undefined,
    tag: filters.tag || undefined,
    q: filters.q || undefined,
    closed: filters.closed ? 'show' : undefined,
  };
  const tabs: { key: PostSort | 'relevance'; label: string; href: string }[] = [
    ...(filters.q ? [{ key: 'relevance' as const, label: t('sort.relevance'), href: paths.board(boardSlug, keep) }] : []),
    ...POST_SORTS.map((s) => ({
      key: s,
      label: t(`sort.${s}`),
      href: paths.board(boardSlug, { ...keep, sort: s === 'trending' && !filters.q ? undefined : s }),
    })),
  ];
  return (
    <nav aria-label={t('sort.label')} className="mb-4">
      {/* Wraps on a narrow screen rather than hiding a tab past the edge. */}
      <ul className="flex flex-wrap gap-x-1 border-b border-border">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              href={tab.href}
              aria-current={order === tab.key ? 'page' : undefined}
              className={`-mb-px block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
                order === tab.key ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg'
              }`}
              data-testid={`sort-${tab.key}`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const selectClass = 'rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg';

/**
 * Search and filters as one GET form: it works without JavaScript, and with it the submit is a
 * client navigation to the same URL (getServerSideProps runs again).
 */
export function BoardFilters({
  boardSlug,
  filters,
  options,
}: {
  boardSlug: string;
  filters: BoardFilterValues;
  options: { statuses: { slug: string; name: string }[]; tags: string[] };
}) {
  const t = useTranslations('portal');
  const router = useRouter();
  const [q, setQ] = useState(filters.q);
  const [status, setStatus] = useState(filters.status);
  const [tag, setTag] = useState(filters.tag);
  // The current filter stays selectable even when no listed post uses it any more.
  const statusOptions =
    filters.status && !options.statuses.some((s) => s.slug === filters.status)
      ? [...options.statuses, { slug: filters.status, name: filters.status }]
      : options.statuses;
  const tagOptions =
    filters.tag && !options.tags.some((x) => x.toLowerCase() === filters.tag.toLowerCase()) ? [...options.tags, filters.tag] : options.tags;
  const action = paths.board(boardSlug);

  return (
    <form
      role="search"
      action={action}
      method="get"
      className="mb-4 flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void router.push(
          paths.board(boardSlug, {
            sort: filters.sort ?? undefined,
            q: q.trim() || undefined,
            status: status || undefined,
            tag: tag || undefined,
            closed: filters.closed ? 'show' : undefined,
          }),
        );
      }}
    >
      {filters.sort ? <input type="hidden" name="sort" value={filters.sort} /> : null}
      {filters.closed ? <input type="hidden" name="closed" value="show" /> : null}
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <label htmlFor="board-search" className="text-sm font-medium">
          {t('filters.search')}
        </label>
        <input
          id="board-search"
          name="q"
          type="search"
          value={q}
          maxLength={200}
          onChange={(e) => setQ(e.target.value)}
          className={selectClass}
          data-testid="board-search"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="board-status" className="text-sm font-medium">
          {t('filters.status')}
        </label>
        <select
          id="board-status"
          name="status"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          className={selectClass}
          data-testid="board-status"
        >
          <option value="">{t('filters.anyStatus')}</option>
          {statusOptions.map((s) => (
            <option key={s.slug} value={s.slug} dir="auto">
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="board-tag" className="text-sm font-medium">
          {t('filters.tag')}
        </label>
        <select
          id="board-tag"
          name="tag"
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          className={selectClass}
          data-testid="board-tag"
        >
          <option value="">{t('filters.anyTag')}</option>
          {tagOptions.map((name) => (
            <option key={name} value={name} dir="auto">
              {name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" data-testid="board-apply">
        {t('filters.apply')}
      </Button>
    </form>
  );
}

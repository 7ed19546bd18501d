import Head from 'next/head';
import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeading } from '@/components/ui/PageHeading';
import { paths } from '@/config/paths';
import { canParticipate, type PolicyActor } from '@/core/identity/policy';
import { PostCard, POST_LIST_CLASS } from '@/composition/post-card/PostCard';
import { LiveRefresh, LiveUpdates } from '@/lib/live';
import type { ClosedMode, PostPage, PostSort } from '@/features/posts/schema';
import type { ShellProps } from '@/core/shell';
import { BoardFilters, SortTabs, type BoardFilterValues } from './BoardFilters';
import type { BoardHeader } from '@/features/boards/schema';

/** Plain text as one line of at most `max` characters (a search result's description). */
const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

export type BoardPageProps = {
  board: BoardHeader;
  posts: PostPage;
  filters: BoardFilterValues;
  /** The order in effect: the chosen sort, or relevance for a search without one. */
  order: PostSort | 'relevance';
  /** Whether done and closed posts are listed (hidden by default on trending and top). */
  closed: ClosedMode;
  options: { statuses: { slug: string; name: string }[]; tags: string[] };
  /** How many posts match, when a filter or search is active. */
  total: number | null;
  now: string;
};

/** `/b/[board]`: a board's posts, sorted, filtered and searched, 20 at a time. */
export default function BoardPage({ shell, board, posts, filters, order, closed, options, total, now }: ShellProps & BoardPageProps) {
  const t = useTranslations('portal');
  const viewer = shell.viewer;
  const actor: PolicyActor = viewer ? { kind: 'user', id: viewer.id, role: viewer.role } : { kind: 'visitor' };
  // Visitors see the link too: they write the draft and sign in when they submit it.
  const mayPost = canParticipate(actor, { posting: board.posting, archived: board.archived });
  const showNewPost = mayPost === 'allow' || mayPost === 'unauthenticated';
  const filtered = Boolean(filters.status || filters.tag || filters.q);
  const keep = {
    sort: filters.sort ?? undefined,
    status: filters.status || undefined,
    tag: filters.tag || undefined,
    q: filters.q || undefined,
    closed: filters.closed ? 'show' : undefined,
  };
  const firstPage = paths.board(board.slug, keep);
  // Feeds are read as a visitor: only a public board of a public workspace has one (src/composition/feeds).
  const feedTitle = `${board.name} · ${shell.workspace.name}`;
  const feed = board.visibility === 'public' && shell.workspace.access === 'public' ? paths.boardFeed(board.slug) : null;
  const nextPage = posts.nextCursor ? paths.board(board.slug, { ...keep, cursor: posts.nextCursor }) : null;
  const prevPage = posts.prevCursor ? paths.board(board.slug, { ...keep, before: posts.prevCursor }) : null;
  // On trending and top, done and closed posts wait behind a link unless a status is chosen.
  const closedToggle =
    closed === 'hide'
      ? { href: paths.board(board.slug, { ...keep, closed: 'show' }), label: t('closed.show') }
      : filters.closed && !filters.status && (order === 'trending' || order === 'top')
        ? { href: paths.board(board.slug, { ...keep, closed: undefined }), label: t('closed.hide') }
        : null;

  return (
    <LiveUpdates topics={{ board: board.slug }}>
      {/* Votes update in place; a status change, merge or approval reloads the list. */}
      <LiveRefresh when={(u) => u.kind === 'post'} />
      <Head>
        {board.description ? <meta name="description" key="description" content={oneLine(board.description, 160)} /> : null}
        {feed ? <link rel="alternate" type="application/atom+xml" title={feedTitle} href={feed} /> : null}
      </Head>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeading title={board.name} siteName={shell.workspace.name} userTitle>
          {board.description ? (
            <p className="whitespace-pre-line" dir="auto" data-testid="board-description">
              {board.description}
            </p>
          ) : null}
          {feed ? (
            // A document, not a screen: a plain link, so the browser (or a feed reader) fetches it.
            <p className="mt-1 text-sm">
              <a href={feed} className="underline" data-testid="board-feed-link">
                {t('board.feedLink')}
              </a>
            </p>
          ) : null}
        </PageHeading>
        {showNewPost ? (
          <Link
            href={paths.newPost(board.slug)}
            className="rounded-md bg-accent px-4 py-2 text-sm font-medium text-accent-fg hover:opacity-90"
            data-testid="new-post-link"
          >
            {t('board.newPost')}
          </Link>
        ) : null}
      </div>
      {board.archived ? (
        <p role="status" className="mb-4 rounded-md border border-border bg-surface px-4 py-3 text-sm" data-testid="board-archived">
          {t('board.archived')}
        </p>
      ) : null}

      <SortTabs boardSlug={board.slug} filters={filters} order={order} />
      <BoardFilters key={`${filters.q}|${filters.status}|${filters.tag}`} boardSlug={board.slug} filters={filters} options={options} />

      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm text-muted">
        <div aria-live="polite">
          {filtered && total !== null ? (
            <p data-testid="result-count">{t('board.resultCount', { count: total })}</p>
          ) : closed === 'hide' ? (
            <p data-testid="open-only-note">{t('board.openOnly')}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {closedToggle ? (
            <Link href={closedToggle.href} className="underline" data-testid="closed-toggle">
              {closedToggle.label}
            </Link>
          ) : null}
          {filtered ? (
            <Link
              href={paths.board(board.slug, { sort: filters.sort ?? undefined, closed: keep.closed })}
              className="underline"
              data-testid="clear-filters"
            >
              {t('board.clearFilters')}
            </Link>
          ) : null}
        </div>
      </div>

      {posts.items.length === 0 ? (
        filtered ? (
          <EmptyState title={t('board.noMatch.title')} testId="posts-empty">
            {t.rich('board.noMatch.body', {
              link: (chunks) => (
                <Link href={paths.board(board.slug)} className="underline">
                  {chunks}
                </Link>
              ),
            })}
          </EmptyState>
        ) : (
          <EmptyState title={t('board.noPosts.title')} testId="posts-empty">
            {showNewPost ? t('board.noPosts.canPost') : t('board.noPosts.other')}
          </EmptyState>
        )
      ) : (
        <>
          <h2 id="posts-heading" className="sr-only">
            {t('board.posts')}
          </h2>
          <ol className={POST_LIST_CLASS} aria-labelledby="posts-heading">
            {posts.items.map((post) => (
              <li key={post.id}>
                <PostCard post={post} signedIn={Boolean(viewer)} now={now} boardArchived={board.archived} />
              </li>
            ))}
          </ol>
        </>
      )}

      {prevPage || nextPage ? (
        <nav aria-label={t('board.pages')} className="mt-6 flex flex-wrap items-center justify-between gap-4 text-sm">
          <span className="flex gap-4">
            {prevPage ? (
              <>
                <Link href={firstPage} className="underline" data-testid="posts-first">
                  {t('board.firstPage')}
                </Link>
                <Link href={prevPage} rel="prev" className="underline" data-testid="posts-prev">
                  <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                    {'←'}
                  </span>{' '}
                  {t('board.previousPage')}
                </Link>
              </>
            ) : null}
          </span>
          {nextPage ? (
            <Link href={nextPage} rel="next" className="underline" data-testid="posts-next">
              {t('board.nextPage')}{' '}
              <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                {'→'}
              </span>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </LiveUpdates>
  );
}

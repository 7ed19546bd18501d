import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { StatusBadge } from '@/components/ui/Badges';
import { paths } from '@/config/paths';
import { useFormats } from '@/lib/use-formats';
import type { WidgetBoard, WidgetPost } from '../widget-data';
import { fetchPosts } from './client';

interface Props {
  boardUrl: string;
  bearer: string | undefined;
  signedIn: boolean;
  board: string | null;
  boards: WidgetBoard[];
  posts: WidgetPost[];
  /** Votes cast in the panel since its lists were loaded. */
  votes: Record<number, { voted: boolean; voteCount: number }>;
  onBoard: (slug: string | null) => void;
  onVote: (post: WidgetPost) => void;
  onNew: () => void;
  onSignInNeeded: () => void;
  /** Bumped when the panel opens: the search field takes focus. */
  focusKey: number;
}

/** Requests: search the board's posts, vote on them, or start a new one. */
export function RequestsView({
  boardUrl,
  bearer,
  signedIn,
  board,
  boards,
  posts,
  votes,
  onBoard,
  onVote,
  onNew,
  onSignInNeeded,
  focusKey,
}: Props) {
  const t = useTranslations('widget');
  const [q, setQ] = useState('');
  const [found, setFound] = useState<{ key: string; items: WidgetPost[] | null } | null>(null);
  const search = useRef<HTMLInputElement>(null);
  const term = q.trim();
  const searching = term.length >= 2;
  const key = `${board ?? ''}\n${term}`;

  useEffect(() => {
    if (focusKey > 0) search.current?.focus();
  }, [focusKey]);

  // Searches as the person types (a short pause first); an empty field shows the board's list again.
  useEffect(() => {
    if (!searching) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      fetchPosts(bearer, { board: board ?? undefined, q: term, signal: ctrl.signal }).then(
        (items) => setFound({ key, items }),
        (err: unknown) => {
          if ((err as Error).name !== 'AbortError') setFound({ key, items: null });
        },
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [searching, term, key, board, bearer]);

  const current = searching && found?.key === key ? found : null;
  const results = current?.items ?? null;
  const state = !searching ? 'idle' : !current ? 'loading' : current.items === null ? 'error' : 'idle';

  const shown = (results ?? posts).map((p) => ({ ...p, ...votes[p.number] }));

  return (
    <section aria-labelledby="chorus-requests-heading" className="flex flex-col gap-3">
      <h2 id="chorus-requests-heading" className="sr-only">
        {t('tabs.requests')}
      </h2>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="flex flex-1 flex-col gap-1 text-sm font-medium">
          {t('requests.search')}
          <input
            ref={search}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            maxLength={200}
            className="rounded-md border border-border bg-surface px-3 py-2 font-normal text-fg"
            data-testid="widget-search"
          />
        </label>
        {boards.length > 1 ? (
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('board')}
            <select
              value={board ?? ''}
              onChange={(e) => onBoard(e.target.value || null)}
              className="rounded-md border border-border bg-surface px-3 py-2 font-normal text-fg"
            >
              <option value="">{t('requests.allBoards')}</option>
              {boards.map((b) => (
                <option key={b.slug} value={b.slug} dir="auto">
                  {b.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <button
        type="button"
        onClick={signedIn ? onNew : onSignInNeeded}
        className="rounded-md bg-accent px-4 py-2 text-sm font-medium text-accent-fg hover:opacity-90"
        data-testid="widget-new"
      >
        {t('newRequest')}
      </button>
      <p role="status" className="text-sm text-muted">
        {state === 'loading'
          ? t('requests.searching')
          : state === 'error'
            ? t('requests.searchFailed')
            : results
              ? t('requests.matching', { count: results.length })
              : ''}
      </p>
      {shown.length === 0 && !results ? <p className="text-sm text-muted">{t('requests.empty')}</p> : null}
      <ul className="flex flex-col gap-2" data-testid="widget-posts">
        {shown.map((post) => (
          <li key={post.number} className="flex items-start gap-3 rounded-lg border border-border bg-surface p-3">
            <VoteButton post={post} signedIn={signedIn} onVote={onVote} onSignInNeeded={onSignInNeeded} />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <a
                href={new URL(paths.post(post.number, post.slug), boardUrl).href}
                target="_blank"
                rel="noopener"
                className="break-words font-medium text-fg underline-offset-2 hover:underline"
              >
                <bdi>{post.title}</bdi>
                <span className="sr-only">{t('opensBoard')}</span>
              </a>
              {post.status ? (
                <span>
                  <StatusBadge status={post.status} compact />
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function VoteButton({
  post,
  signedIn,
  onVote,
  onSignInNeeded,
}: {
  post: WidgetPost;
  signedIn: boolean;
  onVote: (p: WidgetPost) => void;
  onSignInNeeded: () => void;
}) {
  const t = useTranslations('widget');
  const formats = useFormats();
  const count = t('votes.count', { count: post.voteCount });
  if (!post.votable) {
    return <span className="w-14 shrink-0 rounded-md border border-border px-2 py-1 text-center text-sm text-muted">{count}</span>;
  }
  return (
    <button
      type="button"
      aria-pressed={signedIn ? post.voted : undefined}
      aria-label={
        post.voted
          ? t('votes.remove', { title: post.title, count: post.voteCount })
          : t('votes.add', { title: post.title, count: post.voteCount })
      }
      onClick={() => (signedIn ? onVote(post) : onSignInNeeded())}
      className={`flex w-14 shrink-0 flex-col items-center rounded-md border px-2 py-1 text-sm font-semibold ${
        post.voted ? 'border-accent bg-accent text-accent-fg' : 'border-border bg-bg text-fg'
      }`}
      data-testid="widget-vote"
    >
      <span aria-hidden="true">{'▲'}</span>
      {/* Written as the name writes it (the language's digits), so the visible number is part of the name. */}
      {formats.number(post.voteCount)}
    </button>
  );
}

/** A failed call's message for a person: the server's, else the panel's own. */

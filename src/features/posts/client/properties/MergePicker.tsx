import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { Button } from '@/components/ui/Button';
import { StatusBadge } from '@/components/ui/Badges';
import { api, ApiError } from '@/lib/api';
import type { PostPage, PostSummary } from '../../schema';
import { useApiErrorText } from '@/lib/api-error-text';
import { isolated } from '@/components/ui/bidi';

export interface MergeSource {
  number: number;
  title: string;
  voteCount: number;
  board: { name: string };
  status: { name: string; color: string } | null;
}

function PostCard({ post, label }: { post: MergeSource; label: string }) {
  const t = useTranslations('teamWork.properties.merge');
  return (
    <div className="min-w-0 rounded-lg border border-border p-3" data-testid="merge-card">
      <p className="m-0 text-xs font-medium tracking-wide text-muted uppercase">{label}</p>
      <p className="m-0 mt-1 font-medium break-words">
        {`#${post.number} `}
        <bdi>{post.title}</bdi>
      </p>
      <p className="m-0 mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
        <span>{t('votes', { count: post.voteCount })}</span>
        <bdi>{post.board.name}</bdi>
        <StatusBadge status={post.status} />
      </p>
    </div>
  );
}

/**
 * Merge this post into another, found by title as you type (a WAI-ARIA combobox: arrows move
 * through the matches, Enter picks one, Escape clears). Both posts are shown side by side before
 * the merge is confirmed.
 */
export function MergePicker({
  source,
  open,
  onOpenChange,
  onMerged,
  trigger,
}: {
  source: MergeSource;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMerged: (target: number) => void;
  trigger?: ReactNode;
}) {
  const [merging, setMerging] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !merging && onOpenChange(next)}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <Dialog.Content
        className="fixed top-[10vh] left-1/2 z-50 w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 rounded-xl border border-border
          bg-surface p-5 text-fg shadow-xl"
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          document.getElementById(`merge-search-${source.number}`)?.focus();
        }}
        data-testid="merge-picker"
      >
        {/* The body mounts with the dialog, so each opening starts afresh. */}
        <PickerBody
          source={source}
          onMerging={setMerging}
          onMerged={(target) => {
            onOpenChange(false);
            onMerged(target);
          }}
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}

function PickerBody({
  source,
  onMerging,
  onMerged,
}: {
  source: MergeSource;
  onMerging: (busy: boolean) => void;
  onMerged: (target: number) => void;
}) {
  const t = useTranslations('teamWork.properties.merge');
  const errorText = useApiErrorText();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<PostSummary[]>([]);
  /** The query `results` answer: while it differs from what is typed, the list is being replaced. */
  const [resultsFor, setResultsFor] = useState('');
  const [active, setActive] = useState(0);
  const [target, setTarget] = useState<PostSummary | null>(null);
  const [state, setState] = useState<'idle' | 'searching' | 'merging'>('idle');
  const [error, setError] = useState<string | null>(null);
  const listId = useId();
  const searchable = query.trim().length >= 2 && !target;
  const shown = searchable ? results : [];

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2 || target) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState('searching');
      // "#42" or "42" finds that post; anything else searches titles and descriptions.
      const asNumber = /^#?\d{1,9}$/.test(q) ? q.replace('#', '') : null;
      const found = asNumber
        ? api<PostSummary>(`/api/v1/posts/${asNumber}`, { signal: controller.signal }).then(
            (p) => [p],
            (err: Error) => (err.name === 'AbortError' ? Promise.reject(err) : []),
          )
        : api<PostPage>(`/api/v1/posts?${new URLSearchParams({ q, limit: '8' })}`, { signal: controller.signal }).then(
            (page) => page.items,
          );
      found
        .then((items) => {
          setResults(items.filter((p) => p.number !== source.number));
          setResultsFor(q);
          setActive(0);
          setState('idle');
        })
        .catch((err: Error) => {
          if (err.name !== 'AbortError') {
            setResultsFor(q);
            setError(errorText(err));
            setState('idle');
          }
        });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, target, source.number, errorText]);

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && shown.length) {
      e.preventDefault();
      setActive((i) => (i + 1) % shown.length);
    } else if (e.key === 'ArrowUp' && shown.length) {
      e.preventDefault();
      setActive((i) => (i - 1 + shown.length) % shown.length);
    } else if (e.key === 'Enter' && shown[active]) {
      e.preventDefault();
      setTarget(shown[active]);
    } else if (e.key === 'Escape' && query) {
      e.preventDefault();
      e.stopPropagation();
      setQuery('');
    }
  };

  const merge = async () => {
    if (!target) return;
    setState('merging');
    onMerging(true);
    setError(null);
    try {
      await api(`/api/v1/posts/${source.number}/merge`, { body: { into: target.number } });
      onMerging(false);
      onMerged(target.number);
    } catch (err) {
      onMerging(false);
      setError(err instanceof ApiError ? errorText(err) : t('error'));
      setState('idle');
    }
  };

  const expanded = shown.length > 0;
  return (
    <>
      <Dialog.Title className="text-lg font-semibold">{t('title', { number: `#${source.number}` })}</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-muted">{t('description')}</Dialog.Description>
      {target ? (
        <>
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            <PostCard post={source} label={t('thisDuplicate')} />
            <PostCard post={target} label={t('mergedInto')} />
          </div>
          {error ? (
            <p role="alert" className="m-0 mt-3 text-sm text-danger">
              {error}
            </p>
          ) : null}
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setTarget(null)} disabled={state === 'merging'}>
              {t('back')}
            </Button>
            <Button busy={state === 'merging'} onClick={() => void merge()} data-testid="merge-confirm">
              {t('confirm', { number: `#${target.number}` })}
            </Button>
          </div>
        </>
      ) : (
        <div className="relative mt-4">
          <label htmlFor={`merge-search-${source.number}`} className="text-sm font-medium">
            {t('find')}
          </label>
          <input
            id={`merge-search-${source.number}`}
            role="combobox"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={expanded ? `${listId}-${active}` : undefined}
            autoComplete="off"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onKey}
            className="mt-1 w-full rounded-md border border-border bg-bg px-3 py-2 text-sm"
            data-testid="merge-search"
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={t('matching')}
            aria-busy={searchable && resultsFor !== query.trim()}
            className="mt-2 flex max-h-72 flex-col overflow-y-auto empty:hidden"
          >
            {expanded
              ? shown.map((p, i) => (
                  <li
                    key={p.id}
                    id={`${listId}-${i}`}
                    role="option"
                    aria-selected={i === active}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => setTarget(p)}
                    className={`cursor-pointer rounded-md px-3 py-2 text-sm ${i === active ? 'bg-accent/15' : ''}`}
                    data-testid="merge-option"
                  >
                    <span className="font-medium">{`#${p.number}`}</span> <bdi>{p.title}</bdi>{' '}
                    <span className="text-xs text-muted">
                      {isolated((u) => t('optionMeta', { count: p.voteCount, board: u(p.board.name) }))}
                    </span>
                  </li>
                ))
              : null}
          </ul>
          <p aria-live="polite" className="m-0 mt-2 text-xs text-muted">
            {state === 'searching'
              ? t('searching')
              : searchable && shown.length === 0
                ? t('noMatch')
                : shown.length
                  ? t('matches', { count: shown.length })
                  : t('typeMore')}
          </p>
          {error ? (
            <p role="alert" className="m-0 mt-2 text-sm text-danger">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </>
  );
}

import Link from 'next/link';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { paths } from '@/config/paths';
import { api } from '@/lib/api';
import type { SimilarPost } from '../schema';

const DEBOUNCE_MS = 300;

/**
 * Existing posts like the title being typed, so people vote instead of duplicating. Looked up
 * after a pause in typing; announced politely when suggestions appear. `renderVote` draws a
 * suggestion's vote control (the page brings the votes feature's button); without it, the count.
 */
export function SimilarPosts({
  title,
  board,
  renderVote,
}: {
  title: string;
  board: string;
  renderVote?: (post: SimilarPost) => ReactNode;
}) {
  const t = useTranslations('post');
  const [items, setItems] = useState<SimilarPost[]>([]);
  const query = title.replace(/\s+/g, ' ').trim();

  useEffect(() => {
    if (query.length < 3) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const qs = new URLSearchParams({ title: query.slice(0, 200), board });
      api<{ items: SimilarPost[] }>(`/api/v1/posts/similar?${qs}`, { signal: controller.signal })
        .then((res) => setItems(res.items))
        // Suggestions are a help, not a requirement: a failure just shows none.
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, board]);

  // Too short a title shows nothing (without a request), whatever the last answer was.
  const shown = query.length >= 3 ? items : [];
  return (
    <div aria-live="polite" data-testid="similar-posts">
      {shown.length > 0 ? (
        <section aria-label={t('similar.label')} className="rounded-md border border-border bg-surface px-4 py-3">
          <h2 className="text-sm font-semibold">{t('similar.heading')}</h2>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {shown.map((p) => (
              <li key={p.id} className="flex items-center gap-2">
                {renderVote ? (
                  renderVote(p)
                ) : (
                  <span
                    className="inline-block min-w-10 rounded border border-border px-1 text-center text-xs text-muted"
                    title={t('similar.votes')}
                  >
                    {p.voteCount}
                    <span className="sr-only"> {t('similar.votesSr', { count: p.voteCount })}</span>
                  </span>
                )}
                <Link href={paths.post(p.number, p.slug)} className="underline" dir="auto">
                  {p.title}
                </Link>
                {p.status ? (
                  <span className="text-xs text-muted">
                    {'· '}
                    <bdi>{p.status.name}</bdi>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

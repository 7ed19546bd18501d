import { useId, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { Button } from '@/components/ui/Button';
import { api, ApiError } from '@/lib/api';
import type { LinkedPost } from '../schema';
import { useApiErrorText } from '@/lib/api-error-text';

interface SearchItem {
  number: number;
  slug: string;
  title: string;
}

/** Links posts to an entry: search posts by words (the posts API), add from the results, remove from the list. */
export function PostPicker({ value, onChange, error }: { value: LinkedPost[]; onChange: (posts: LinkedPost[]) => void; error?: string }) {
  const t = useTranslations('portalTeam');
  const errorText = useApiErrorText();
  const id = useId();
  const [q, setQ] = useState('');
  const [results, setResults] = useState<SearchItem[] | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; ctl?: AbortController }>({});

  function search(text: string) {
    setQ(text);
    clearTimeout(pending.current.timer);
    pending.current.ctl?.abort();
    const words = text.trim();
    if (words.length < 2) {
      setResults(null);
      setStatus(null);
      return;
    }
    const ctl = new AbortController();
    pending.current = {
      ctl,
      timer: setTimeout(() => {
        setStatus(t('changelog.picker.searching'));
        api<{ items: SearchItem[] }>(`/api/v1/posts?${new URLSearchParams({ q: words, limit: '8' })}`, { signal: ctl.signal })
          .then((page) => {
            setResults(page.items);
            setStatus(t('changelog.picker.found', { count: page.items.length }));
          })
          .catch((err: unknown) => {
            if ((err as Error).name === 'AbortError') return;
            setResults(null);
            setStatus(err instanceof ApiError ? errorText(err) : t('changelog.picker.failed'));
          });
      }, 250),
    };
  }

  const linked = new Set(value.map((p) => p.number));
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-border p-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="px-1 text-sm font-medium">{t('changelog.picker.legend')}</legend>
      {value.length ? (
        <ul className="flex flex-col gap-1" data-testid="picker-linked">
          {value.map((p) => (
            <li key={p.number} className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 break-words">
                <span className="text-muted">{`#${p.number}`}</span> <bdi>{p.title}</bdi>
              </span>
              <Button variant="secondary" className="px-2 py-1" onClick={() => onChange(value.filter((x) => x.number !== p.number))}>
                {t('changelog.picker.remove')}
                <span className="sr-only">{` #${p.number}`}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t('changelog.picker.none')}</p>
      )}
      <label htmlFor={`${id}-q`} className="text-sm font-medium">
        {t('changelog.picker.find')}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        value={q}
        onChange={(e) => search(e.target.value)}
        placeholder={t('changelog.picker.placeholder')}
        className="rounded-md border border-border bg-surface px-3 py-2 text-fg"
        data-testid="picker-search"
      />
      <p role="status" className="text-xs text-muted">
        {status}
      </p>
      {results && results.length ? (
        <ul className="flex flex-col gap-1" data-testid="picker-results">
          {results.map((p) => (
            <li key={p.number} className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 break-words">
                <span className="text-muted">{`#${p.number}`}</span> <bdi>{p.title}</bdi>
              </span>
              <Button
                variant="secondary"
                className="px-2 py-1"
                disabled={linked.has(p.number)}
                onClick={() => onChange([...value, { number: p.number, title: p.title, slug: p.slug }])}
                data-testid="picker-add"
              >
                {linked.has(p.number) ? t('changelog.picker.linked') : t('changelog.picker.link')}
                <span className="sr-only">{` #${p.number}`}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

import { useEffect, useId, useState } from 'react';
import { useTranslations } from 'use-intl';
import { Button } from '@/components/ui/Button';
import type { Member } from '@/features/members/schema';
import { api, ApiError } from '@/lib/api';
import { useApiErrorText } from '@/lib/api-error-text';

export interface GrantedPerson {
  id: string;
  displayName: string;
  email: string;
}

/**
 * Picks the members a private board is granted to: search people by name or email (the member
 * list API), add them, remove them.
 */
export function GrantPicker({
  value,
  onChange,
  error,
}: {
  value: GrantedPerson[];
  onChange: (people: GrantedPerson[]) => void;
  error?: string;
}) {
  const t = useTranslations('teamSetup.grants');
  const errorText = useApiErrorText();
  const id = useId();
  const [q, setQ] = useState('');
  const [results, setResults] = useState<GrantedPerson[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const query = q.trim();
    if (query.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api<{ items: Member[] }>(`/api/v1/members?q=${encodeURIComponent(query)}&limit=8`, { signal: controller.signal })
        .then((page) => {
          setProblem(null);
          setResults(page.items.map(({ id, displayName, email }) => ({ id, displayName, email })));
        })
        .catch((err: unknown) => {
          if ((err as Error).name !== 'AbortError') setProblem(err instanceof ApiError ? errorText(err) : t('searchFailed'));
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, t, errorText]);

  const chosen = new Set(value.map((p) => p.id));
  const searching = q.trim().length >= 2;
  const shown = searching ? results : [];
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-border p-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="px-1 text-sm font-medium">{t('legend')}</legend>
      {value.length === 0 ? (
        <p className="text-sm text-muted">{t('nobody')}</p>
      ) : (
        <ul className="flex flex-col gap-1" data-testid="granted-list">
          {value.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="min-w-0 break-words">
                <bdi>{p.displayName}</bdi> <span className="text-muted">{`(${p.email})`}</span>
              </span>
              <Button
                variant="secondary"
                className="px-2 py-1"
                onClick={() => onChange(value.filter((v) => v.id !== p.id))}
                aria-label={t('removeName', { name: p.displayName })}
              >
                {t('remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={`${id}-search`} className="mt-1 text-sm font-medium">
        {t('search')}
      </label>
      <input
        id={`${id}-search`}
        type="search"
        value={q}
        maxLength={100}
        autoComplete="off"
        onChange={(e) => setQ(e.target.value)}
        onKeyDown={(e) => {
          // Enter searches; it must not submit the board form.
          if (e.key === 'Enter') e.preventDefault();
        }}
        className="rounded-md border border-border bg-surface px-3 py-2 text-fg"
        data-testid="grant-search"
      />
      <div aria-live="polite">
        {problem ? <p className="text-sm text-danger">{problem}</p> : null}
        {shown.length > 0 ? (
          <ul className="flex flex-col gap-1" aria-label={t('found')}>
            {shown.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="min-w-0 break-words">
                  <bdi>{p.displayName}</bdi> <span className="text-muted">{`(${p.email})`}</span>
                </span>
                <Button
                  variant="secondary"
                  className="px-2 py-1"
                  disabled={chosen.has(p.id)}
                  onClick={() => onChange([...value, p])}
                  aria-label={chosen.has(p.id) ? t('isGranted', { name: p.displayName }) : t('grantName', { name: p.displayName })}
                  data-testid="grant-add"
                >
                  {chosen.has(p.id) ? t('granted') : t('grant')}
                </Button>
              </li>
            ))}
          </ul>
        ) : searching && !problem ? (
          <p className="text-sm text-muted">{t('noneFound')}</p>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

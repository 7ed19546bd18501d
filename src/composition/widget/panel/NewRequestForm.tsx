import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslations } from 'use-intl';
import { newPostInput, type SimilarPost } from '@/features/posts/schema';
import { ApiError } from '@/lib/api';
import type { WidgetBoard } from '../widget-data';
import { fetchSimilar } from './client';
import { useApiErrorText } from '@/lib/api-error-text';

interface Props {
  bearer: string | undefined;
  boards: WidgetBoard[];
  board: string | null;
  onCreate: (input: { board: string; title: string; body: string }) => Promise<void>;
  onVoteSimilar: (post: SimilarPost) => Promise<boolean>;
  onCancel: () => void;
}

/** A new request: the title suggests similar existing ones (vote for one instead), then it is posted. */
export function NewRequestForm({ bearer, boards, board, onCreate, onVoteSimilar, onCancel }: Props) {
  const t = useTranslations('widget');
  const errorText = useApiErrorText();
  const postable = boards.filter((b) => b.posting === 'members');
  const [boardSlug, setBoardSlug] = useState(postable.some((b) => b.slug === board) ? board! : (postable[0]?.slug ?? ''));
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<{ key: string; items: SimilarPost[] } | null>(null);
  const [votedSimilar, setVotedSimilar] = useState<number[]>([]);
  const titleRef = useRef<HTMLInputElement>(null);

  useEffect(() => titleRef.current?.focus(), []);

  const term = title.trim();
  const key = `${boardSlug}\n${term}`;
  const asking = term.length >= 3 && boardSlug !== '';
  useEffect(() => {
    if (!asking) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      fetchSimilar(bearer, term, boardSlug, ctrl.signal).then(
        (items) => setFound({ key, items }),
        () => undefined,
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [asking, term, key, boardSlug, bearer]);
  const similar = asking && found?.key === key ? found.items : [];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const parsed = newPostInput.safeParse({ board: boardSlug, title, body });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? '_')] ??= issue.message;
      setErrors(fields);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onCreate({ board: parsed.data.board, title: parsed.data.title, body: parsed.data.body });
    } catch (err) {
      // In the page's words (the server's own are English, for API clients).
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) setErrors(errorText.fields(err));
      setProblem(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  if (postable.length === 0) {
    return (
      <section aria-labelledby="chorus-new-heading" className="flex flex-col gap-3">
        <h2 id="chorus-new-heading" className="text-lg font-semibold">
          {t('newRequest')}
        </h2>
        <p className="text-sm">{t('form.noBoard')}</p>
        <button type="button" onClick={onCancel} className="self-start rounded-md border border-border px-4 py-2 text-sm">
          {t('form.back')}
        </button>
      </section>
    );
  }

  return (
    <section aria-labelledby="chorus-new-heading">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <h2 id="chorus-new-heading" className="text-lg font-semibold">
          {t('newRequest')}
        </h2>
        {problem ? (
          <p role="alert" className="rounded-md border border-danger px-3 py-2 text-sm text-danger">
            {problem}
          </p>
        ) : null}
        {postable.length > 1 ? (
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('board')}
            <select
              value={boardSlug}
              onChange={(e) => setBoardSlug(e.target.value)}
              className="rounded-md border border-border bg-surface px-3 py-2 font-normal text-fg"
            >
              {postable.map((b) => (
                <option key={b.slug} value={b.slug} dir="auto">
                  {b.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('form.title')}
          <input
            ref={titleRef}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={200}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? 'chorus-title-error' : undefined}
            className="rounded-md border border-border bg-surface px-3 py-2 font-normal text-fg"
            data-testid="widget-title"
          />
        </label>
        {errors.title ? (
          <p id="chorus-title-error" className="-mt-2 text-sm text-danger">
            {errors.title}
          </p>
        ) : null}
        {similar.length > 0 ? (
          <div className="rounded-lg border border-border bg-bg p-3" data-testid="widget-similar">
            <h3 className="text-sm font-semibold">{t('form.similar')}</h3>
            <ul className="mt-2 flex flex-col gap-2">
              {similar.map((s) => {
                const voted = votedSimilar.includes(s.number);
                return (
                  <li key={s.number} className="flex items-center justify-between gap-2 text-sm">
                    <span className="min-w-0 break-words" dir="auto">
                      {s.title}
                    </span>
                    <button
                      type="button"
                      disabled={voted}
                      onClick={() => void onVoteSimilar(s).then((ok) => ok && setVotedSimilar((v) => [...v, s.number]))}
                      className="shrink-0 rounded-md border border-border px-2 py-1 text-xs font-medium disabled:opacity-70"
                    >
                      {voted ? t('form.voted') : t('form.vote')}
                      <span className="sr-only">{t('form.voteFor', { title: s.title })}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('form.details')}
          <textarea
            value={body}
            onChange={(e) => setBody(e.target.value)}
            rows={4}
            maxLength={10_000}
            aria-invalid={errors.body ? true : undefined}
            className="rounded-md border border-border bg-surface px-3 py-2 font-normal text-fg"
            data-testid="widget-body"
          />
        </label>
        {errors.body ? <p className="-mt-2 text-sm text-danger">{errors.body}</p> : null}
        <div className="flex gap-2">
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy || undefined}
            className="rounded-md bg-accent px-4 py-2 text-sm font-medium text-accent-fg hover:opacity-90 disabled:opacity-60"
          >
            {busy ? t('form.posting') : t('form.submit')}
          </button>
          <button type="button" onClick={onCancel} className="rounded-md border border-border px-4 py-2 text-sm">
            {t('form.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}

import { useEffect, useState } from 'react';
import { useTranslations } from 'use-intl';
import { api, ApiError } from '@/lib/api';
import { useApiErrorText } from '@/lib/api-error-text';
import { onSubscriptionMayChange } from '@/lib/subscription-signal';

type State = { kind: 'loading' } | { kind: 'ready'; subscribed: boolean } | { kind: 'failed' };

/**
 * The bell on a post: whether the signed-in person hears about its status changes and comments.
 * The state is asked for in the browser, not rendered with the page, so that the page stays the
 * same for everyone of an audience (src/server/cache/shared-render.ts). The button is a toggle
 * (aria-pressed) with the same name either way; a refusal (say, a team-only board) is shown.
 */
export function SubscribeButton({ postNumber }: { postNumber: number }) {
  const t = useTranslations('portal');
  const errorText = useApiErrorText();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Asked again after the person comments or votes here: either may have subscribed them.
  const [asked, setAsked] = useState(0);
  useEffect(() => onSubscriptionMayChange(postNumber, () => setAsked((n) => n + 1)), [postNumber]);

  useEffect(() => {
    const abort = new AbortController();
    api<{ subscribed: boolean }>(`/api/v1/posts/${postNumber}/subscription`, { signal: abort.signal })
      .then((r) => setState({ kind: 'ready', subscribed: r.subscribed }))
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError') setState((s) => (s.kind === 'ready' ? s : { kind: 'failed' }));
      });
    return () => abort.abort();
  }, [postNumber, asked]);

  const subscribed = state.kind === 'ready' && state.subscribed;
  const toggle = async () => {
    if (state.kind !== 'ready') return;
    setBusy(true);
    setError(null);
    try {
      const r = await api<{ subscribed: boolean }>(`/api/v1/posts/${postNumber}/subscription`, {
        method: 'PUT',
        body: { subscribed: !state.subscribed },
      });
      setState({ kind: 'ready', subscribed: r.subscribed });
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err) : t('subscribe.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="subscribe">
      <button
        type="button"
        onClick={() => void toggle()}
        disabled={state.kind !== 'ready' || busy}
        aria-pressed={state.kind === 'ready' ? state.subscribed : undefined}
        aria-busy={state.kind === 'loading' || busy || undefined}
        className="flex min-h-10 w-full items-center gap-2 rounded-md border border-border bg-surface px-3 py-2 text-sm font-medium
          hover:bg-bg disabled:cursor-not-allowed disabled:opacity-70 aria-pressed:border-accent"
        data-testid="subscribe-button"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 fill-none stroke-current" strokeWidth="1.6">
          <path d="M10 3a5 5 0 0 0-5 5v3l-1.5 3h13L15 11V8a5 5 0 0 0-5-5Z" className={subscribed ? 'fill-current' : undefined} />
          <path d="M8 16a2 2 0 0 0 4 0" />
        </svg>
        {t('subscribe.label')}
        <span className="ms-auto text-xs font-normal text-muted" aria-hidden="true">
          {state.kind === 'loading' ? '…' : state.kind === 'failed' ? '' : subscribed ? t('subscribe.on') : t('subscribe.off')}
        </span>
      </button>
      <p className="m-0 mt-1 text-xs text-muted" aria-live="polite">
        {state.kind === 'failed' ? t('subscribe.loadFailed') : subscribed ? t('subscribe.onNote') : t('subscribe.offNote')}
      </p>
      {error ? (
        <p role="alert" className="m-0 mt-1 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

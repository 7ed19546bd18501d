import { useRouter } from 'next/router';
import { useRef, useState } from 'react';
import { paths } from '@/config/paths';
import { api, ApiError } from '@/lib/api';

const BELL_PATH =
  'M10 2a5 5 0 0 0-5 5v3.6L3.3 13.3A1 1 0 0 0 4.1 15h11.8a1 1 0 0 0 .8-1.7L15 10.6V7a5 5 0 0 0-5-5z' +
  'm0 17a2.5 2.5 0 0 0 2.4-2h-4.8A2.5 2.5 0 0 0 10 19z';
export interface SubscribeBellProps {
  postNumber: number;
  subscribed: boolean;
  /** False for visitors: a click takes them to sign in and back. */
  signedIn: boolean;
}

/**
 * The bell on a post (SPEC.md §3): follow or stop following its updates. The state flips at
 * once and the server's answer settles it; a failure puts it back and says why.
 */
export function SubscribeBell({ postNumber, subscribed: initial, signedIn }: SubscribeBellProps) {
  const router = useRouter();
  const [subscribed, setSubscribed] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  async function toggle() {
    if (!signedIn) {
      void router.push(paths.login(router.asPath));
      return;
    }
    if (busy.current) return;
    busy.current = true;
    const next = !subscribed;
    setSubscribed(next);
    setError(null);
    try {
      const result = await api<{ subscribed: boolean }>(`/api/v1/posts/${postNumber}/subscription`, {
        method: 'PUT',
        body: { subscribed: next },
      });
      setSubscribed(result.subscribed);
    } catch (err) {
      setSubscribed(!next);
      if (err instanceof ApiError && err.code === 'UNAUTHENTICATED') {
        void router.push(paths.login(router.asPath));
        return;
      }
      setError(err instanceof ApiError ? err.message : 'That did not work. Try again.');
    } finally {
      busy.current = false;
    }
  }

  return (
    <div className="inline-flex flex-col items-start">
      <button
        type="button"
        onClick={() => void toggle()}
        aria-pressed={subscribed}
        data-testid="subscribe-bell"
        className={`inline-flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium transition-colors ${
          subscribed ? 'border-accent bg-accent/10 text-fg' : 'border-border bg-surface text-fg hover:border-accent'
        }`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
          <path d={BELL_PATH} />
        </svg>
        {subscribed ? 'Following' : 'Follow'}
        <span className="sr-only"> updates on this post</span>
      </button>
      {error ? (
        <p role="alert" className="mt-1 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

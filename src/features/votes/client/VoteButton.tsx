import { useRouter } from 'next/router';
import { useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { useLiveUpdates } from '@/lib/live';
import { useFormats } from '@/lib/use-formats';
import type { VoteState } from '../schema';
import { useApiErrorText } from '@/lib/api-error-text';
import { subscriptionMayHaveChanged } from '@/lib/subscription-signal';
import { useFirstVoted } from '@/lib/personal-votes';

export interface VoteButtonProps {
  postNumber: number;
  postTitle: string;
  voted: boolean;
  voteCount: number;
  /** Why voting is closed, when it is (done/closed status, merged, archived board). */
  closedReason?: string | null;
  /** False for visitors: a click takes them to sign in and back. */
  signedIn: boolean;
  /** `list`: the post lists' control (56 px square); `sm`: roadmap cards; `md`: compact; `wide`: the post page's sidebar. */
  size?: 'sm' | 'md' | 'list' | 'wide';
}

/**
 * One click toggles the vote (SPEC.md §4): the count changes at once and the server's answer
 * settles it; a failure puts the previous state back and says why. Clicks while a request is
 * in flight only change the wanted state, which is sent when the request returns, so rapid
 * clicks never race each other.
 */
export function VoteButton({
  postNumber,
  postTitle,
  voted,
  voteCount: initialCount,
  closedReason,
  signedIn,
  size = 'md',
}: VoteButtonProps) {
  // On a shared render, the person's vote is in the page's personal payload (src/lib/personal.ts).
  const initialVoted = useFirstVoted(postNumber, voted);
  const t = useTranslations('post');
  const errorText = useApiErrorText();
  const formats = useFormats();
  const router = useRouter();
  const [state, setState] = useState<VoteState>({ voted: initialVoted, voteCount: initialCount });
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const wanted = useRef<boolean | null>(null);
  const confirmed = useRef<VoteState>({ voted: initialVoted, voteCount: initialCount });
  // Other people's votes, live (src/lib/live.tsx); one's own request in flight has the last word.
  useLiveUpdates((update) => {
    if (update.kind !== 'votes' || update.post !== postNumber) return;
    confirmed.current = { ...confirmed.current, voteCount: update.votes };
    if (!inFlight.current) setState((s) => ({ ...s, voteCount: update.votes }));
  });
  // What the button shows now, read by the next click: two clicks within one render would both
  // read the same `state` and cancel out a toggle.
  const shown = useRef(initialVoted);
  const show = (next: VoteState) => {
    shown.current = next.voted;
    setState(next);
  };

  // One request at a time: clicks meanwhile only change `wanted`, sent once the answer is in.
  async function send(voted: boolean) {
    inFlight.current = true;
    try {
      // Loaded on the first vote, not with the page: the board page's first-load budget (bench/README.md).
      const { apiClient, ok } = await import('@/lib/api-client/client');
      const vote = { params: { path: { number: String(postNumber) } } };
      for (let next = voted; ;) {
        const result = await ok(
          next ? apiClient.PUT('/api/v1/posts/{number}/vote', vote) : apiClient.DELETE('/api/v1/posts/{number}/vote', vote),
        );
        confirmed.current = result;
        setError(null);
        if (result.voted) subscriptionMayHaveChanged(postNumber);
        const again = wanted.current;
        wanted.current = null;
        if (again === null || again === result.voted) {
          show(result);
          return;
        }
        next = again;
      }
    } catch (err) {
      wanted.current = null;
      show(confirmed.current);
      if (err instanceof ApiError && err.code === 'UNAUTHENTICATED') {
        void router.push(paths.login(router.asPath));
        return;
      }
      setError(err instanceof ApiError ? errorText(err) : t('vote.failed'));
    } finally {
      inFlight.current = false;
    }
  }

  function toggle() {
    if (!signedIn) {
      void router.push(paths.login(router.asPath));
      return;
    }
    const next = !shown.current;
    shown.current = next;
    setState((s) => ({ voted: next, voteCount: Math.max(0, s.voteCount + (next ? 1 : -1)) }));
    if (inFlight.current) {
      wanted.current = next;
      return;
    }
    void send(next);
  }

  const closed = Boolean(closedReason);
  const box = {
    sm: 'h-12 w-11 flex-col text-xs',
    list: 'h-14 w-14 flex-col gap-0.5 text-base',
    md: 'h-14 w-12 flex-col text-sm',
    wide: 'h-12 w-full gap-3 px-4 text-base',
  }[size];
  return (
    <div className={`flex flex-col items-center ${size === 'wide' ? 'w-full' : ''}`}>
      <button
        type="button"
        onClick={toggle}
        disabled={closed}
        aria-pressed={state.voted}
        // A shared render's personal payload presses the buttons of the person's votes by this (src/lib/personal.ts).
        data-vote-post={postNumber}
        // The name stays the same when pressed: the toggle's state is aria-pressed (WAI-ARIA button pattern).
        aria-label={t('vote.label', { title: postTitle, count: state.voteCount })}
        title={closedReason ?? undefined}
        data-testid="vote-button"
        className={`flex ${box} shrink-0 items-center justify-center rounded-lg border border-border bg-surface font-semibold
          text-fg transition-colors hover:border-accent disabled:cursor-not-allowed disabled:opacity-70
          aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-accent-fg`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 12 8"
          className={size === 'sm' || size === 'md' ? 'h-2 w-3 fill-current' : 'h-2.5 w-3.5 fill-current'}
        >
          <path d="M6 0l6 8H0z" />
        </svg>
        {/* The same words pressed or not: the state is aria-pressed (and a shared render's payload only sets that). The
            visible words are part of the name (WCAG 2.5.3). */}
        {size === 'wide' ? (
          <span className="font-medium">
            <span className="tabular-nums" data-testid="vote-count">
              {formats.number(state.voteCount)}
            </span>{' '}
            {t('vote.unit', { count: state.voteCount })}
          </span>
        ) : (
          <span data-testid="vote-count">{formats.number(state.voteCount)}</span>
        )}
      </button>
      {error ? (
        <p role="alert" className="mt-1 max-w-32 text-center text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

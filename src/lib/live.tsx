/**
 * Live updates in the browser (GET /api/v1/events, docs/api.md "Live updates"): one EventSource
 * per page, opened by the page's <LiveUpdates topics=…> and shared by every component on it
 * through useLiveUpdates(). The stream carries small signals (a post's new vote count; "this
 * post changed"; "a comment was added"); a component either applies the count or reloads the
 * page's data through the normal API, which shows only what this reader may see.
 *
 * The browser reconnects by itself after a dropped connection and resumes with Last-Event-ID; the
 * server answers `refetch` when it cannot resume. When the server refuses a stream (shutting
 * down, too many open), this tries again later with a growing pause, and then refetches.
 */
import { useRouter } from 'next/router';
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { refreshPage } from './refresh';

export type LiveUpdate =
  | { kind: 'votes'; post: number; votes: number }
  | { kind: 'post'; post: number }
  | { kind: 'comment'; post: number; comment: number }
  | { kind: 'refetch' };

type Listener = (update: LiveUpdate) => void;

interface LiveChannel {
  subscribe(listener: Listener): () => void;
}

const LiveContext = createContext<LiveChannel | null>(null);

export interface LiveTopics {
  post?: number;
  board?: string;
  roadmap?: boolean;
}

export function liveUrl(topics: LiveTopics): string {
  const q = new URLSearchParams();
  if (topics.post !== undefined) q.set('post', String(topics.post));
  if (topics.board !== undefined) q.set('board', topics.board);
  if (topics.roadmap) q.set('roadmap', '1');
  return `/api/v1/events?${q.toString()}`;
}

function parse(kind: 'votes' | 'post' | 'comment', data: string): LiveUpdate | null {
  try {
    const d = JSON.parse(data) as { post?: unknown; votes?: unknown; comment?: unknown };
    if (typeof d.post !== 'number') return null;
    if (kind === 'votes') return typeof d.votes === 'number' ? { kind, post: d.post, votes: d.votes } : null;
    if (kind === 'comment') return typeof d.comment === 'number' ? { kind, post: d.post, comment: d.comment } : null;
    return { kind, post: d.post };
  } catch {
    return null;
  }
}

/** Opens this page's one stream for `topics` and hands its signals to the components inside. */
export function LiveUpdates({ topics, children }: { topics: LiveTopics; children: ReactNode }) {
  const listeners = useRef(new Set<Listener>());
  const channel = useMemo<LiveChannel>(
    () => ({
      subscribe(listener) {
        listeners.current.add(listener);
        return () => void listeners.current.delete(listener);
      },
    }),
    [],
  );
  const url = liveUrl(topics);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retry: number | undefined;
    let failures = 0;
    const emit = (update: LiveUpdate) => {
      for (const l of [...listeners.current]) l(update);
    };
    const connect = (afterGap: boolean) => {
      const s = new EventSource(url);
      source = s;
      s.addEventListener('open', () => {
        failures = 0;
        // A new stream after a refusal knows nothing of what happened meanwhile.
        if (afterGap) emit({ kind: 'refetch' });
        afterGap = false;
      });
      for (const kind of ['votes', 'post', 'comment'] as const) {
        s.addEventListener(kind, (e) => {
          const update = parse(kind, (e as MessageEvent<string>).data);
          if (update) emit(update);
        });
      }
      s.addEventListener('refetch', () => emit({ kind: 'refetch' }));
      s.addEventListener('error', () => {
        // CONNECTING: the browser retries by itself. CLOSED: the server refused; try again later.
        if (s.readyState !== EventSource.CLOSED) return;
        failures += 1;
        retry = window.setTimeout(() => connect(true), Math.min(60_000, 2000 * 2 ** Math.min(failures, 5)));
      });
    };
    connect(false);
    return () => {
      window.clearTimeout(retry);
      source?.close();
    };
  }, [url]);
  return <LiveContext.Provider value={channel}>{children}</LiveContext.Provider>;
}

/** Calls `handler` for each signal of the page's stream; does nothing on a page without one. */
export function useLiveUpdates(handler: Listener): void {
  const channel = useContext(LiveContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => channel?.subscribe((u) => latest.current(u)), [channel]);
}

/**
 * Reloads the page's data (no scroll, focus kept) when `wants(update)` says so, at most once
 * every half second however many signals arrive, and always on `refetch`.
 */
export function useLiveRefresh(wants: (update: LiveUpdate) => boolean): void {
  const router = useRouter();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useLiveUpdates((update) => {
    if (update.kind !== 'refetch' && !wants(update)) return;
    if (timer.current !== undefined) return;
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      // The reload drops a #fragment (src/lib/refresh.ts); the reader's address keeps it.
      const hash = window.location.hash;
      void refreshPage(router).then(() => {
        if (hash && !window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.href}${hash}`);
      });
    }, 300);
  });
}

/** useLiveRefresh as an element, for a page that renders its provider and wants no hook of its own. */
export function LiveRefresh({ when }: { when: (update: LiveUpdate) => boolean }) {
  useLiveRefresh(when);
  return null;
}

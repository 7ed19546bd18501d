/**
 * One reader's event stream (text/event-stream), as the chunks route() writes:
 *  - first `retry:` (how long the browser waits before it reconnects);
 *  - then, for a reconnect with Last-Event-ID, the signals it missed (from `live_events`), or an
 *    `event: refetch` when they are no longer all there; for a new stream, `event: ready` with
 *    the newest id, so that its first reconnect can resume;
 *  - then each signal the reader may see (reader.ts) as `id:`, `event:` (votes, post, comment)
 *    and `data:` (JSON: the post's number and the count or the comment's id);
 *  - every `id:` is opaque (event-id.ts): the row's place in `live_events`, encrypted, so that a
 *    reader cannot count the signals it was not sent;
 *  - a comment line every `heartbeatMs` so that proxies keep an idle stream open; at each, the
 *    reader's boards are read again, and a reader who lost access to a topic is closed.
 * A stream ends after `maxAgeMs` (the browser reconnects at once and is authenticated anew), at
 * server shutdown, and when the client goes away. A client that reads too slowly never makes the
 * server buffer without bound: past `maxQueue` waiting frames they are replaced by one refetch.
 */
import { asc, gt, max, min } from 'drizzle-orm';
import { db } from '@/server/db/client';
import { liveEvents } from '@/server/db/schema';
import { liveEventIds, type LiveEventIds } from './event-id';
import { liveHub, type LiveHub } from './hub';
import { wantsSignal, type LiveReader } from './reader';
import { messageOf, parseLiveEvent, type LiveEvent } from './signal';

export const liveStreamConfig = {
  heartbeatMs: 20_000,
  maxAgeMs: 5 * 60_000,
  maxQueue: 256,
  retryMs: 3000,
  /** The most signals one reconnect replays; beyond that the reader refetches. */
  replayLimit: 500,
};

export interface LiveStream {
  chunks: AsyncIterable<string>;
  close(): void;
}

export interface LiveStreamOptions {
  reader: LiveReader;
  /** The Last-Event-ID request header, when the browser reconnects. */
  lastEventId: string | undefined;
  /** Reads the reader's visible boards again; null when it may no longer see one of its topics. */
  refreshReader: () => Promise<LiveReader | null>;
  hub?: LiveHub;
}

const frame = (ids: LiveEventIds, e: LiveEvent) =>
  `id: ${ids.encode(e.id)}\nevent: ${e.signal.kind}\ndata: ${JSON.stringify(messageOf(e.signal))}\n\n`;
const control = (ids: LiveEventIds, name: 'ready' | 'refetch', id: number) => `id: ${ids.encode(id)}\nevent: ${name}\ndata: {}\n\n`;

async function bounds(): Promise<{ oldest: number | null; newest: number }> {
  const [row] = await db()
    .select({ oldest: min(liveEvents.id), newest: max(liveEvents.id) })
    .from(liveEvents);
  return { oldest: row?.oldest == null ? null : Number(row.oldest), newest: Number(row?.newest ?? 0) };
}

/** The signals after `lastId`, or null when some of them are gone (pruned, or another database). */
async function missedSince(lastId: number): Promise<{ events: LiveEvent[]; newest: number } | null> {
  const { oldest, newest } = await bounds();
  if (lastId > newest) return null;
  if (oldest !== null && oldest > lastId + 1) return null;
  const rows = await db()
    .select({ id: liveEvents.id, signal: liveEvents.signal })
    .from(liveEvents)
    .where(gt(liveEvents.id, lastId))
    .orderBy(asc(liveEvents.id))
    .limit(liveStreamConfig.replayLimit + 1);
  if (rows.length > liveStreamConfig.replayLimit) return null;
  return { events: rows.map(parseLiveEvent).filter((e): e is LiveEvent => e !== undefined), newest };
}

export function openLiveStream(opts: LiveStreamOptions): LiveStream {
  const hub = opts.hub ?? liveHub();
  const cfg = { ...liveStreamConfig };
  let reader = opts.reader;
  let closed = false;
  let replaying = true;
  const held: LiveEvent[] = [];
  const queue: string[] = [];
  const sent = new Set<number>();
  let newestId = 0;
  let wake: (() => void) | undefined;
  // Loaded before anything is subscribed to or sent (the first thing chunks() does).
  let ids!: LiveEventIds;

  const enqueue = (text: string) => {
    if (queue.length >= cfg.maxQueue) {
      // Too slow a reader: what waits is dropped, and the page reloads its data once it catches up.
      queue.length = 0;
      queue.push(control(ids, 'refetch', newestId));
    } else {
      queue.push(text);
    }
    wake?.();
  };
  const send = (e: LiveEvent) => {
    newestId = Math.max(newestId, e.id);
    if (sent.has(e.id) || !wantsSignal(reader, e.signal)) return;
    sent.add(e.id);
    if (sent.size > 1024) sent.delete(sent.values().next().value!);
    enqueue(frame(ids, e));
  };
  const close = () => {
    closed = true;
    wake?.();
  };

  async function* chunks(): AsyncGenerator<string> {
    ids = await liveEventIds();
    // Subscribed before the replay is read, so that nothing falls between the two.
    const unsubscribe = hub.subscribe({ deliver: (e) => (replaying ? held.push(e) : send(e)), close });
    const heartbeat = setInterval(() => {
      enqueue(': keep-alive\n\n');
      void opts.refreshReader().then(
        (next) => (next ? (reader = next) : close()),
        () => undefined,
      );
    }, cfg.heartbeatMs);
    const maxAge = setTimeout(close, cfg.maxAgeMs);
    try {
      yield `retry: ${cfg.retryMs}\n\n`;
      if (opts.lastEventId === undefined) {
        newestId = (await bounds()).newest;
        enqueue(control(ids, 'ready', newestId));
      } else {
        const lastId = ids.decode(opts.lastEventId);
        const missed = lastId === undefined ? null : await missedSince(lastId);
        if (missed) {
          newestId = missed.newest;
          for (const e of missed.events) send(e);
        } else {
          newestId = Math.max(newestId, (await bounds()).newest);
          enqueue(control(ids, 'refetch', newestId));
        }
      }
      replaying = false;
      for (const e of held.splice(0)) send(e);
      while (!closed) {
        const next = queue.shift();
        if (next !== undefined) {
          yield next;
          continue;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    } finally {
      clearInterval(heartbeat);
      clearTimeout(maxAge);
      unsubscribe();
    }
  }

  return { chunks: chunks(), close };
}

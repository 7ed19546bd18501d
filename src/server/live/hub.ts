/**
 * This process's live-update hub: the open streams subscribe here, and each signal that reaches
 * the process is handed to every one of them once (each stream filters by its reader: reader.ts).
 * Signals arrive by one of two ways (src/server/live/README.md):
 *  - PostgreSQL: the instance's listening connection (listener.ts) receives every instance's
 *    NOTIFY after its commit, this instance's own included;
 *  - embedded PGlite: signals published in this process wait as pending until their row is
 *    visible (committed); route() flushes them after every write request.
 *
 * Kept on globalThis: the server entry and the Next.js bundle load this module separately, and
 * both must reach the same streams.
 */
import { inArray } from 'drizzle-orm';
import { forgetCopies } from '@/server/cache/visitor-cache';
import { db } from '@/server/db/client';
import { liveEvents } from '@/server/db/schema';
import { logger } from '@/server/log';
import type { LiveEvent } from './signal';

export interface LiveSubscriber {
  deliver(event: LiveEvent): void;
  /** Ends the stream (server shutdown). */
  close(): void;
}

/** How long a pending signal waits for its transaction to commit before it counts as rolled back. */
const PENDING_MS = 30_000;
/** Ids remembered to deliver each signal once (a NOTIFY and a catch-up read may both bring it). */
const REMEMBERED_IDS = 4096;

export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  private readonly perSubject = new Map<string, number>();
  private pending: { event: LiveEvent; at: number }[] = [];
  private readonly seen = new Set<number>();
  private flushTimer: NodeJS.Timeout | undefined;
  /** 'listening' once a listener delivers every commit (PostgreSQL); 'local' keeps this process's own signals. */
  mode: 'local' | 'listening' = 'local';
  /** The highest id delivered: a listener that reconnects reads what it missed from here. */
  lastId = 0;

  get streams(): number {
    return this.subscribers.size;
  }

  /** Takes one of `cap` stream places for `subject` (an actor or an IP); false when all are taken. */
  acquire(subject: string, cap: number): boolean {
    const n = this.perSubject.get(subject) ?? 0;
    if (n >= cap) return false;
    this.perSubject.set(subject, n + 1);
    return true;
  }

  release(subject: string): void {
    const n = (this.perSubject.get(subject) ?? 1) - 1;
    if (n <= 0) this.perSubject.delete(subject);
    else this.perSubject.set(subject, n);
  }

  subscribe(s: LiveSubscriber): () => void {
    this.subscribers.add(s);
    return () => void this.subscribers.delete(s);
  }

  /** Hands a committed signal to every stream, once per id. */
  deliver(event: LiveEvent): void {
    if (this.seen.has(event.id)) return;
    this.seen.add(event.id);
    if (this.seen.size > REMEMBERED_IDS) this.seen.delete(this.seen.values().next().value!);
    this.lastId = Math.max(this.lastId, event.id);
    // A status, merge or comment makes pages refetch: this instance's copies must not answer with
    // what was there before (src/server/cache). Votes carry their count instead. The signal reaches
    // every instance itself, so nothing is announced.
    if (event.signal.kind !== 'votes') forgetCopies();
    for (const s of this.subscribers) {
      try {
        s.deliver(event);
      } catch (err) {
        logger().warn({ err }, 'a live stream refused a signal');
      }
    }
  }

  /** A signal published by this process (publish.ts), kept until its commit is visible. */
  noteLocal(event: LiveEvent): void {
    if (this.mode !== 'local' || this.subscribers.size === 0) return;
    this.pending.push({ event, at: Date.now() });
  }

  /** Delivers the pending signals whose rows are committed; those not yet visible wait a little longer. */
  async flushPending(): Promise<void> {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    const rows = await db()
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(
        inArray(
          liveEvents.id,
          batch.map((p) => p.event.id),
        ),
      );
    const committed = new Set(rows.map((r) => Number(r.id)));
    const now = Date.now();
    for (const p of batch.sort((a, b) => a.event.id - b.event.id)) {
      if (committed.has(p.event.id)) this.deliver(p.event);
      else if (now - p.at < PENDING_MS) this.pending.push(p);
    }
    if (this.pending.length > 0 && !this.flushTimer) {
      this.flushTimer = setTimeout(() => {
        this.flushTimer = undefined;
        void this.flushPending().catch((err: unknown) => logger().warn({ err }, 'live flush failed'));
      }, 200);
      this.flushTimer.unref();
    }
  }

  /** Set at shutdown: no new stream opens here (the browser tries again, elsewhere behind a balancer). */
  closing = false;

  /** Ends every stream (server shutdown): each answer ends cleanly and the browser reconnects elsewhere. */
  closeAll(): void {
    this.closing = true;
    for (const s of [...this.subscribers]) s.close();
  }
}

const KEY = Symbol.for('chorus.live-hub');
type WithHub = typeof globalThis & { [KEY]?: LiveHub };

export function liveHub(): LiveHub {
  return ((globalThis as WithHub)[KEY] ??= new LiveHub());
}

/** After a write request (route()): delivers this process's committed signals on embedded PGlite. */
export function flushLiveSignals(): void {
  const hub = liveHub();
  void hub.flushPending().catch((err: unknown) => logger().warn({ err }, 'live flush failed'));
}

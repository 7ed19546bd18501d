/**
 * Copies of what readers are shown, kept in memory for a short while: the data of public pages
 * and lists for visitors (`cachedForVisitors`), and answers that do not depend on who asks,
 * shared by signed-in people too (`cachedForEveryone`). Every committed change empties them
 * (`bumpContentGeneration`), on every instance:
 *
 * - Embedded PGlite: this process is the database's only client (the data directory is locked),
 *   so every change passes through it. Copies also expire after 30 s, so relative times
 *   ("3 minutes ago") stay near the truth.
 * - PostgreSQL (one or several instances): an instance's own writes empty its copies at once and
 *   announce the change on the `chorus_changes` channel (NOTIFY); every other instance's listener
 *   (change-listener.ts) empties its copies when the announcement arrives, within milliseconds.
 *   Copies are kept only while the instance's listener is connected (it may have missed an
 *   announcement while it was not), and at most CHORUS_VISITOR_CACHE_SECONDS (default 3; 0 turns
 *   every copy off), which bounds what a lost announcement (a crash between the commit and the
 *   NOTIFY) can cost. A person never sees a copy older than their own write: every
 *   state-changing request marks its browser for that long and a second more (ownWriteWindowSeconds,
 *   the recent-write cookie), and a marked browser's requests skip every copy (`readFreshly`).
 *
 * Kept on globalThis because the server entry and each Next.js route bundle load this module
 * separately.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { env } from '@/config/env';
import { db, getDbHandle, type DbHandle } from '@/server/db/client';
import { logger } from '@/server/log';
import type { Actor } from '@/server/identity/actor';
import { dropExpired, sweepPeriodically } from './sweep';

const EXACT_MAX_AGE_MS = 30_000;
/** Post lists and searches are the bulk (about 20 kB a page); facts about a reader are small. */
const MAX_ENTRIES = 1000;

interface Entry {
  value: unknown;
  generation: number;
  at: number;
}
interface CacheState {
  generation: number;
  entries: Map<string, Entry>;
  /** PostgreSQL: whether this instance's listener is connected, so that it hears every change. */
  hearsChanges: boolean;
  /** Names this instance in its announcements, so that its own are not acted on twice. */
  instance: string;
  /** The requests that must read freshly (their browser has just written). */
  fresh: AsyncLocalStorage<true>;
}

/** The channel on which PostgreSQL instances announce committed changes. */
export const CHANGES_CHANNEL = 'chorus_changes';

const KEY = Symbol.for('chorus.visitor-cache');
type WithCache = typeof globalThis & { [KEY]?: CacheState };

function state(): CacheState {
  const g = globalThis as WithCache;
  if (!g[KEY]) {
    const s: CacheState = {
      generation: 0,
      entries: new Map(),
      hearsChanges: false,
      instance: randomUUID(),
      fresh: new AsyncLocalStorage(),
    };
    g[KEY] = s;
    // Visitors' copies may expire sooner (a shared PostgreSQL), but none lives past the longest age.
    sweepPeriodically('visitor-cache', () => dropExpired(s.entries, s.generation, EXACT_MAX_AGE_MS));
  }
  return g[KEY];
}

/** How long a copy may be served here: 0 means never cache (see above). */
export function visitorCacheMaxAgeMs(): number {
  const handle = getDbHandle();
  if (!handle) return 0;
  if (handle.exclusive) return EXACT_MAX_AGE_MS;
  return state().hearsChanges ? env().CHORUS_VISITOR_CACHE_SECONDS * 1000 : 0;
}

/**
 * How long a browser that has just written must skip the copies: as long as another instance
 * may still serve a copy taken before the write, and a second more (cookie ages are whole
 * seconds). 0 where the copies are exact (embedded PGlite) or off.
 */
export function ownWriteWindowSeconds(
  handle: Pick<DbHandle, 'exclusive'> | undefined = getDbHandle(),
  cacheSeconds = env().CHORUS_VISITOR_CACHE_SECONDS,
): number {
  if (!handle || handle.exclusive) return 0;
  return cacheSeconds > 0 ? cacheSeconds + 1 : 0;
}

/** The current content generation (for caches kept elsewhere, such as the page cache). */
export function contentGeneration(): number {
  return state().generation;
}

/** Empties this instance's copies (a change heard from another instance, or one of its live signals). */
export function forgetCopies(): void {
  const s = state();
  s.generation += 1;
  s.entries.clear();
}

/**
 * Call after anything that may change what readers see has committed: empties this instance's
 * copies and, on PostgreSQL, announces the change to the other instances.
 */
export function bumpContentGeneration(): void {
  forgetCopies();
  const handle = getDbHandle();
  if (!handle || handle.exclusive) return;
  const { instance } = state();
  void db()
    .execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${instance})`)
    .catch((err: unknown) => logger().warn({ err }, 'announcing a change to the other instances failed'));
}

/** Whether a change announcement came from this instance (already acted on). */
export const isOwnAnnouncement = (payload: string): boolean => payload === state().instance;

/** Set by the change listener (PostgreSQL): copies are kept only while it hears every change. */
export function setHearsChanges(hears: boolean): void {
  const s = state();
  if (s.hearsChanges === hears) return;
  s.hearsChanges = hears;
  // What was kept before (or while) the listener was away may predate a change it missed.
  forgetCopies();
}

/** Runs `work` (a request whose browser has just written) with every copy skipped. */
export function readFreshly<T>(work: () => T): T {
  return state().fresh.run(true, work);
}

const readsFreshly = (): boolean => state().fresh.getStore() === true;

/**
 * `compute()` for signed-in people, and for visitors who need fresh reads (kept for the others);
 * for other visitors, the remembered answer while it is current
 * (see above). The generation is read before computing, so
 * an answer computed while a write commits is never kept as current.
 */
export async function cachedForVisitors<T>(actor: Actor, key: string, compute: () => Promise<T>): Promise<T> {
  const maxAge = visitorCacheMaxAgeMs();
  if (actor.kind !== 'visitor' || maxAge === 0 || readsFreshly()) return compute();
  const s = state();
  const hit = s.entries.get(key);
  const now = Date.now();
  // A fresh read is never answered from here, but what it reads is the newest copy there is.
  if (!actor.freshReads && hit && hit.generation === s.generation && now - hit.at < maxAge) return hit.value as T;
  const generation = s.generation;
  const value = await compute();
  if (generation === s.generation) {
    if (s.entries.size >= MAX_ENTRIES) s.entries.delete(s.entries.keys().next().value as string);
    s.entries.set(key, { value, generation, at: now });
  }
  return value;
}

/**
 * Whether answers shared by everyone are kept (`cachedForEveryone`, shared renders): wherever this
 * instance hears every change, except for a request whose browser has just written.
 */
export function keepsSharedCopies(): boolean {
  return visitorCacheMaxAgeMs() > 0 && !readsFreshly();
}

/**
 * `compute()` remembered for everyone, on the terms above: for answers that do not depend on who
 * asks, such as the public copy of a post list that signed-in people share before their own votes
 * are laid over it (features/posts list-service.ts).
 */
export async function cachedForEveryone<T>(key: string, compute: () => Promise<T>): Promise<T> {
  if (!keepsSharedCopies()) return compute();
  const s = state();
  const hit = s.entries.get(`shared:${key}`);
  const now = Date.now();
  if (hit && hit.generation === s.generation && now - hit.at < visitorCacheMaxAgeMs()) return hit.value as T;
  const generation = s.generation;
  const value = await compute();
  if (generation === s.generation) {
    if (s.entries.size >= MAX_ENTRIES) s.entries.delete(s.entries.keys().next().value as string);
    s.entries.set(`shared:${key}`, { value, generation, at: now });
  }
  return value;
}

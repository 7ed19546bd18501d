/**
 * What visitors (not signed in) are shown, kept in memory for a short while. Signed-in people
 * always get fresh answers (their votes, their pending posts, the team's extras).
 *
 * - Embedded PGlite: exact. This process is the database's only client (the data directory is
 *   locked), so every change to what a visitor can see passes through it. Every state-changing
 *   API request, and every background job that changes content (the trending refresh, the demo
 *   seed), bumps the content generation, which empties the cache; entries also expire after
 *   30 s, so relative times ("3 minutes ago") stay near the truth.
 * - Shared PostgreSQL (several instances): a micro-cache. This instance's own writes still empty
 *   it at once, and other instances' writes show after at most CHORUS_VISITOR_CACHE_SECONDS
 *   (default 3; 0 turns it off). Nothing authoritative lives here: it is a copy of what the
 *   database said a moment ago. A person never sees a copy older than their own write: every
 *   state-changing request marks its browser for that long (ownWriteWindowSeconds, the
 *   recent-write cookie), and a marked browser's reads skip these caches (`freshReads`).
 *
 * Kept on globalThis because the server entry and each Next.js route bundle load this module
 * separately.
 */
import { env } from '@/config/env';
import { getDbHandle, type DbHandle } from '@/server/db/client';
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
}

const KEY = Symbol.for('chorus.visitor-cache');
type WithCache = typeof globalThis & { [KEY]?: CacheState };

function state(): CacheState {
  const g = globalThis as WithCache;
  if (!g[KEY]) {
    const s: CacheState = { generation: 0, entries: new Map() };
    g[KEY] = s;
    // Visitors' copies may expire sooner (a shared PostgreSQL), but none lives past the longest age.
    sweepPeriodically('visitor-cache', () => dropExpired(s.entries, s.generation, EXACT_MAX_AGE_MS));
  }
  return g[KEY];
}

/** How long a visitor's copy may be served here: 0 means never cache. */
export function visitorCacheMaxAgeMs(): number {
  const handle = getDbHandle();
  if (!handle) return 0;
  return handle.exclusive ? EXACT_MAX_AGE_MS : env().CHORUS_VISITOR_CACHE_SECONDS * 1000;
}

/**
 * How long a browser that has just written must skip the visitor caches: as long as another
 * instance may still serve a copy taken before the write, and a second more (cookie ages are
 * whole seconds). 0 where the cache is exact (embedded PGlite) or off.
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

/** Call after anything that may change what visitors see has committed. */
export function bumpContentGeneration(): void {
  const s = state();
  s.generation += 1;
  s.entries.clear();
}

/**
 * `compute()` for signed-in people, and for visitors who need fresh reads (kept for the others);
 * for other visitors, the remembered answer while it is current
 * (see above). The generation is read before computing, so
 * an answer computed while a write commits is never kept as current.
 */
export async function cachedForVisitors<T>(actor: Actor, key: string, compute: () => Promise<T>): Promise<T> {
  const maxAge = visitorCacheMaxAgeMs();
  if (actor.kind !== 'visitor' || maxAge === 0) return compute();
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
 * `compute()` remembered for everyone, on the embedded database only, where the cache is exact
 * (see above): for answers that do not depend on who asks, such as the public copy of a post list
 * that signed-in people share before their own votes are laid over it (features/posts
 * list-service.ts). On a shared PostgreSQL it always computes: signed-in people must never be
 * shown a copy older than their own last write, and another instance's writes do not reach this
 * cache.
 */
/** Whether cachedForEveryone keeps anything: only on the embedded database (see there). */
export function keepsSharedCopies(): boolean {
  return getDbHandle()?.exclusive === true;
}

export async function cachedForEveryone<T>(key: string, compute: () => Promise<T>): Promise<T> {
  if (!keepsSharedCopies()) return compute();
  const s = state();
  const hit = s.entries.get(`shared:${key}`);
  const now = Date.now();
  if (hit && hit.generation === s.generation && now - hit.at < EXACT_MAX_AGE_MS) return hit.value as T;
  const generation = s.generation;
  const value = await compute();
  if (generation === s.generation) {
    if (s.entries.size >= MAX_ENTRIES) s.entries.delete(s.entries.keys().next().value as string);
    s.entries.set(`shared:${key}`, { value, generation, at: now });
  }
  return value;
}

/**
 * What visitors (not signed in) are shown, kept in memory only where that is exact: with
 * embedded PGlite this process is the database's only client (the data directory is locked), so
 * every change to what a visitor can see passes through it. Every state-changing API request,
 * and every background job that changes content (the trending refresh, the demo seed), bumps the
 * content generation, which empties the cache. An entry also expires after MAX_AGE_MS, so
 * relative times and anything written outside those paths are at most that old. With a shared
 * PostgreSQL (several instances) nothing is cached: every read goes to the database.
 *
 * Kept on globalThis because the server entry and each Next.js route bundle load this module
 * separately.
 */
import { getDbHandle } from '@/server/db/client';
import type { Actor } from '@/server/http/actor';

const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 500;

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
  g[KEY] ??= { generation: 0, entries: new Map() };
  return g[KEY];
}

function exclusive(): boolean {
  return getDbHandle()?.exclusive === true;
}

/** The current content generation (for caches kept elsewhere, such as the page cache). */
export function contentGeneration(): number {
  return state().generation;
}

/** Whether in-memory caches of what visitors see are exact here (embedded PGlite). */
export const visitorCachingExact = exclusive;

/** Call after anything that may change what visitors see has committed. */
export function bumpContentGeneration(): void {
  const s = state();
  s.generation += 1;
  s.entries.clear();
}

/**
 * `compute()` for signed-in people and on a shared database; for visitors on embedded PGlite,
 * the remembered answer while nothing has changed. The generation is read before computing, so
 * an answer computed while a write commits is never kept as current.
 */
export async function cachedForVisitors<T>(actor: Actor, key: string, compute: () => Promise<T>): Promise<T> {
  if (actor.kind !== 'visitor' || !exclusive()) return compute();
  const s = state();
  const hit = s.entries.get(key);
  const now = Date.now();
  if (hit && hit.generation === s.generation && now - hit.at < MAX_AGE_MS) return hit.value as T;
  const generation = s.generation;
  const value = await compute();
  if (generation === s.generation) {
    if (s.entries.size >= MAX_ENTRIES) s.entries.delete(s.entries.keys().next().value as string);
    s.entries.set(key, { value, generation, at: now });
  }
  return value;
}

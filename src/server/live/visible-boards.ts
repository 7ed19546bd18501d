/**
 * The ids of the boards an actor may see, for filtering live signals (reader.ts). Read when a
 * stream opens and again at each of its heartbeats; answers are shared for a few seconds between
 * the streams of one audience (all visitors, one member), so a thousand streams cost a few reads.
 */
import { boards } from '@/server/db/schema';
import { db } from '@/server/db/client';
import type { Actor } from '@/server/identity/actor';
import { visibleBoardSql } from '@/server/identity/visibility';

export const visibleBoardsConfig = { sharedMs: 10_000 };
const KEY = Symbol.for('chorus.live-visible-boards');
type Cache = Map<string, { at: number; ids: Promise<ReadonlySet<string>> }>;
type WithCache = typeof globalThis & { [KEY]?: Cache };

const audienceOf = (actor: Actor) => (actor.kind === 'user' ? `user:${actor.id}:${actor.role}` : 'visitor');

export function visibleBoardIds(actor: Actor, opts: { fresh?: boolean } = {}): Promise<ReadonlySet<string>> {
  const cache = ((globalThis as WithCache)[KEY] ??= new Map());
  const key = audienceOf(actor);
  const hit = cache.get(key);
  const now = Date.now();
  if (!opts.fresh && hit && now - hit.at < visibleBoardsConfig.sharedMs) return hit.ids;
  const ids = db()
    .select({ id: boards.id })
    .from(boards)
    .where(visibleBoardSql(actor))
    .then((rows) => new Set(rows.map((r) => r.id)) as ReadonlySet<string>);
  cache.set(key, { at: now, ids });
  ids.catch(() => cache.delete(key));
  if (cache.size > 10_000) cache.clear();
  return ids;
}

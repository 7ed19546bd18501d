/**
 * Copies of data readers are shown, kept in memory for a short while (`keptFor`): the data of
 * public pages and lists for visitors, and answers that do not depend on who asks, shared by
 * signed-in people too. Every committed change empties them
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
import { changeSeq, isCurrent, recordVoteChange, recordWholeChange, type VoteChange, type VoteReach } from './changes';
import { dropExpired, sweepPeriodically } from './sweep';

const EXACT_MAX_AGE_MS = 30_000;
/** Post lists and searches are the bulk (about 20 kB a page); facts about a reader are small. */
const MAX_ENTRIES = 1000;

interface Entry {
  value: unknown;
  generation: number;
  reach: VoteReach;
  at: number;
}
interface CacheState {
  entries: Map<string, Entry>;
  /** PostgreSQL: whether this instance's listener is connected, so that it hears every change. */
  hearsChanges: boolean;
  /** Names this instance in its announcements, so that its own are not acted on twice. */
  instance: string;
  /** The requests that must read freshly (their browser has just written). */
  fresh: AsyncLocalStorage<true>;
  /** The votes a request's handler has committed (route() announces them: bumpVotes). */
  votes: AsyncLocalStorage<VoteChange[]>;
}

/** The channel on which PostgreSQL instances announce committed changes. */
export const CHANGES_CHANNEL = 'chorus_changes';

const KEY = Symbol.for('chorus.visitor-cache');
type WithCache = typeof globalThis & { [KEY]?: CacheState };

function state(): CacheState {
  const g = globalThis as WithCache;
  if (!g[KEY]) {
    const s: CacheState = {
      entries: new Map(),
      hearsChanges: false,
      instance: randomUUID(),
      fresh: new AsyncLocalStorage(),
      votes: new AsyncLocalStorage(),
    };
    g[KEY] = s;
    // Visitors' copies may expire sooner (a shared PostgreSQL), but none lives past the longest age.
    sweepPeriodically('visitor-cache', () => dropExpired(s.entries, EXACT_MAX_AGE_MS));
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

/** Where a copy starts (changes.ts): the latest change, read before the copy's data is. */
export const contentGeneration = changeSeq;

/** Empties this instance's copies (a change heard from another instance, or one of its live signals). */
export function forgetCopies(): void {
  recordWholeChange();
  state().entries.clear();
}

/**
 * Call after anything that may change what readers see has committed: empties this instance's
 * copies and, on PostgreSQL, announces the change to the other instances.
 */
export function bumpContentGeneration(): void {
  forgetCopies();
  announce(state().instance);
}

/**
 * Call after a vote (cast or withdrawn) has committed, instead of bumpContentGeneration: only the
 * copies that show that post's count go (changes.ts), here and, on PostgreSQL, on every instance.
 */
export function bumpVotes(votes: readonly VoteChange[]): void {
  for (const vote of votes) recordVoteChange(vote);
  announce(JSON.stringify({ from: state().instance, votes } satisfies Announcement));
}

/** Runs a request's handler, collecting the votes it commits into `into` (noteVote). */
export function collectingVotes<T>(into: VoteChange[], work: () => T): T {
  return state().votes.run(into, work);
}

/** A vote (cast, withdrawn, or already so) has committed: recorded for the request that made it (collectingVotes). */
export function noteVote(vote: VoteChange): void {
  state().votes.getStore()?.push(vote);
}

/** An announcement on the changes channel: this instance's id alone (a whole change), or this. */
interface Announcement {
  from: string;
  votes: readonly VoteChange[];
}

function announce(payload: string): void {
  const handle = getDbHandle();
  if (!handle || handle.exclusive) return;
  void db()
    .execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`)
    .catch((err: unknown) => logger().warn({ err }, 'announcing a change to the other instances failed'));
}

const isVoteChange = (v: unknown): v is VoteChange =>
  typeof v === 'object' &&
  v !== null &&
  Number.isSafeInteger((v as VoteChange).post) &&
  typeof (v as VoteChange).board === 'string' &&
  ['undefined', 'string'].includes(typeof (v as VoteChange).voter);

/**
 * Acts on an announcement heard on the changes channel: nothing for this instance's own (acted on
 * already), the votes' copies for votes, everything for anything else (a whole change, or a
 * payload this version does not read).
 */
export function hearAnnouncement(payload: string): void {
  const { instance } = state();
  if (payload === instance) return;
  if (payload.startsWith('{')) {
    let heard: Partial<Announcement> | null = null;
    try {
      heard = JSON.parse(payload) as Partial<Announcement>;
    } catch {
      heard = null;
    }
    if (heard?.from === instance) return;
    if (heard && Array.isArray(heard.votes) && heard.votes.length > 0 && heard.votes.every(isVoteChange)) {
      for (const vote of heard.votes) recordVoteChange(vote);
      return;
    }
  }
  forgetCopies();
}

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
 * Who may share a copy: `'anyone'` when the data does not depend on who asks (a board's public
 * list before a reader's own votes are laid over it, the statuses, facts about one reader under a
 * key of their own); otherwise the reader it is computed for, and then only visitors share it
 * (what a signed-in person is shown depends on who they are).
 */
export type CopyReader = Actor | 'anyone';

/**
 * The one way data is kept here (rendered pages are the other, page-cache.ts and shared-render.ts):
 * `compute()`'s answer remembered under `key` for everyone `reader` stands for, while no change it
 * shows (`reach`, changes.ts) has come and for at most `visitorCacheMaxAgeMs()`. Computed instead
 * for a signed-in reader of personal data, wherever copies are off, and for a request whose
 * browser has just written (`readFreshly`); a visitor who needs fresh reads (a page the page cache
 * will keep) computes too, and what they read becomes the copy. The generation is read before
 * computing, so an answer computed while a write commits is never kept as current.
 */
export async function keptFor<T>(reader: CopyReader, key: string, compute: () => Promise<T>, reach: VoteReach = 'any'): Promise<T> {
  const maxAge = visitorCacheMaxAgeMs();
  if (maxAge === 0 || readsFreshly()) return compute();
  if (reader === 'anyone') return remembered(`anyone:${key}`, compute, reach, maxAge);
  if (reader.kind !== 'visitor') return compute();
  return remembered(`visitor:${key}`, compute, reach, maxAge, !reader.freshReads);
}

/** The current copy kept for anyone under `key`, without computing one (undefined: none, or copies are off here). */
export function peekKept<T>(key: string): T | undefined {
  const maxAge = visitorCacheMaxAgeMs();
  if (maxAge === 0 || readsFreshly()) return undefined;
  return currentEntry(`anyone:${key}`, maxAge)?.value as T | undefined;
}

/** Where a copy read outside `keptFor` starts: take it before reading, and pass it to `keep`. */
export interface CopyStart {
  generation: number;
  at: number;
}
export const copyStart = (): CopyStart => ({ generation: changeSeq(), at: Date.now() });

/** Keeps `value`, read since `start` (`copyStart()`, taken before reading), for anyone under `key`. */
export function keep(key: string, value: unknown, start: CopyStart, reach: VoteReach = 'any'): void {
  if (visitorCacheMaxAgeMs() === 0 || readsFreshly()) return;
  store(`anyone:${key}`, { value, reach, ...start });
}

function currentEntry(key: string, maxAge: number): Entry | undefined {
  const hit = state().entries.get(key);
  return hit && isCurrent(hit) && Date.now() - hit.at < maxAge ? hit : undefined;
}

/** Drops the copy kept for anyone under `key` (its data has just changed here). */
export function forgetKept(key: string): void {
  state().entries.delete(`anyone:${key}`);
}

function store(key: string, entry: Entry): void {
  if (!isCurrent(entry)) return;
  const { entries } = state();
  entries.delete(key);
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(key, entry);
}

/** The copy under `key` while current (`answerFromCopy`), else `compute()`, kept if nothing it shows changed meanwhile. */
async function remembered<T>(key: string, compute: () => Promise<T>, reach: VoteReach, maxAge: number, answerFromCopy = true): Promise<T> {
  const hit = answerFromCopy ? currentEntry(key, maxAge) : undefined;
  if (hit) return hit.value as T;
  const start = copyStart();
  const value = await compute();
  store(key, { value, reach, ...start });
  return value;
}

/**
 * Whether copies kept for anyone (`keptFor('anyone', …)`, shared renders) are used: wherever this
 * instance hears every change, except for a request whose browser has just written.
 */
export function keepsSharedCopies(): boolean {
  return visitorCacheMaxAgeMs() > 0 && !readsFreshly();
}

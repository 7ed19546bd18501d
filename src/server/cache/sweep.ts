/**
 * What the caches of this directory share: dropping expired copies on a timer, so that the
 * memory a burst of traffic filled comes back once it ends (an expired copy is never served, but
 * without this it stays until something else pushes it out), and bounding them by size.
 */
import { isCurrent, type Stamped } from './changes';

/** A copy: the change it started from and what it shows (changes.ts), and when it was made. */
export interface Kept extends Stamped {
  at: number;
}

interface Sweeper {
  sweeps: Map<string, () => void>;
  timer?: ReturnType<typeof setInterval>;
}

// On globalThis: the server entry and the Next.js page bundles load these modules separately.
const KEY = Symbol.for('chorus.cache-sweeper');
type WithSweeper = typeof globalThis & { [KEY]?: Sweeper };

const EVERY_MS = 15_000;

/** Runs `sweep` every 15 s for as long as the process lives (the timer never keeps it alive). One per name. */
export function sweepPeriodically(name: string, sweep: () => void): void {
  const g = globalThis as WithSweeper;
  const s: Sweeper = (g[KEY] ??= { sweeps: new Map() });
  s.sweeps.set(name, sweep);
  s.timer ??= setInterval(() => {
    for (const run of s.sweeps.values()) run();
  }, EVERY_MS);
  s.timer.unref();
}

/** Drops the entries a change has made stale (changes.ts) or older than `maxAgeMs`. */
export function dropExpired<T extends Kept>(entries: Map<string, T>, maxAgeMs: number, onDrop?: (entry: T) => void): void {
  const now = Date.now();
  for (const [key, entry] of entries) {
    if (!isCurrent(entry) || now - entry.at >= maxAgeMs) {
      entries.delete(key);
      onDrop?.(entry);
    }
  }
}

/**
 * Copies of rendered answers (pages, JSON), each with its size in `bytes`: current while no change
 * they show has come since they were made (changes.ts) and younger than `maxAgeMs()`, at most `limits.entries` of them and `limits.bytes` in all (the oldest go
 * first), and swept when they expire.
 */
export class Copies<T extends Kept & { bytes: number }> {
  private readonly entries = new Map<string, T>();
  private bytes = 0;

  constructor(
    name: string,
    private readonly limits: { entries: number; bytes: number },
    private readonly maxAgeMs: () => number,
  ) {
    sweepPeriodically(name, () => dropExpired(this.entries, this.maxAgeMs(), (e) => (this.bytes -= e.bytes)));
  }

  /** The current copy under `key`, if there is one. */
  current(key: string): T | undefined {
    const entry = this.entries.get(key);
    return entry && isCurrent(entry) && Date.now() - entry.at < this.maxAgeMs() ? entry : undefined;
  }

  /** The copy under `key` that only votes it shows have overtaken (or none), while younger than `withinMs`. */
  behindOnVotes(key: string, withinMs: number): T | undefined {
    const entry = this.entries.get(key);
    const fresh = entry && Date.now() - entry.at < Math.min(withinMs, this.maxAgeMs());
    return fresh && isCurrent({ generation: entry.generation, reach: 'none' }) ? entry : undefined;
  }

  set(key: string, entry: T): void {
    this.delete(key);
    const size = entry.bytes;
    if (size > this.limits.bytes) return;
    while (this.entries.size >= this.limits.entries || this.bytes + size > this.limits.bytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    this.entries.set(key, entry);
    this.bytes += size;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

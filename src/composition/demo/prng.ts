/**
 * A small deterministic PRNG (mulberry32) for the demo data: the same `--seed` gives the same
 * workspace content, so screenshots, benchmarks and bug reports can refer to "post #17".
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (both included). */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** An item chosen with the given relative weights. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** `k` distinct items (partial Fisher–Yates; the input is not modified). */
  sample<T>(items: readonly T[], k: number): T[];
}

/** Hashes any seed text to 32 bits (FNV-1a), so `--seed demo` and `--seed 42` both work. */
function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRng(seed: string | number): Rng {
  let a = hashSeed(String(seed));
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    weighted: (items) => {
      const total = items.reduce((n, [, w]) => n + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    sample: (items, k) => {
      const copy = [...items];
      const n = Math.min(k, copy.length);
      for (let i = 0; i < n; i++) {
        const j = int(i, copy.length - 1);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, n);
    },
  };
}

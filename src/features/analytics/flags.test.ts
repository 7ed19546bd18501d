import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FLAGS, FLAG_DEFAULTS, FLAG_NAMES, remoteFlagToBoolean, resolveFlags } from './flags';

function readSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? readSources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

describe('feature flags', () => {
  it('uses the local defaults when nothing is known remotely', () => {
    expect(DEFAULT_FLAGS.values).toEqual(FLAG_DEFAULTS);
    expect(FLAG_NAMES.every((n) => DEFAULT_FLAGS.sources[n] === 'default')).toBe(true);
  });

  it('lets a known remote value override the default, either way', () => {
    const off = resolveFlags({ 'similar-post-suggestions': false });
    expect(off.values).toEqual({ ...FLAG_DEFAULTS, 'similar-post-suggestions': false });
    expect(off.sources).toMatchObject({ 'similar-post-suggestions': 'remote', 'roadmap-voting': 'default' });
    expect(resolveFlags({ 'similar-post-suggestions': true }).values['similar-post-suggestions']).toBe(true);
  });

  it('keeps the default for unknown values and ignores flags it does not define', () => {
    const r = resolveFlags({ 'similar-post-suggestions': undefined, 'not-a-flag': true });
    expect(r.values).toEqual(FLAG_DEFAULTS);
    expect(r.sources['similar-post-suggestions']).toBe('default');
    expect('not-a-flag' in r.values).toBe(false);
  });

  it('declares only flags that some code reads with useFlag', () => {
    const sources = readSources(path.resolve('src')).filter(
      (f) => !f.endsWith('.test.ts') && !f.includes(`${path.sep}analytics${path.sep}`),
    );
    for (const name of FLAG_NAMES) {
      const users = sources.filter((f) => readFileSync(f, 'utf8').includes(`useFlag('${name}')`));
      expect(users, `no code outside the analytics feature reads useFlag('${name}')`).not.toEqual([]);
    }
  });

  it('reads a variant name as on', () => {
    expect(remoteFlagToBoolean('test')).toBe(true);
    expect(remoteFlagToBoolean('')).toBeUndefined();
    expect(remoteFlagToBoolean(false)).toBe(false);
    expect(remoteFlagToBoolean(undefined)).toBeUndefined();
  });
});

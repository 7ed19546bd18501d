import { describe, expect, it } from 'vitest';
import { DEFAULT_FLAGS, FLAG_DEFAULTS, FLAG_NAMES, remoteFlagToBoolean, resolveFlags } from './flags';

describe('feature flags', () => {
  it('uses the local defaults when nothing is known remotely', () => {
    expect(DEFAULT_FLAGS.values).toEqual(FLAG_DEFAULTS);
    expect(FLAG_NAMES.every((n) => DEFAULT_FLAGS.sources[n] === 'default')).toBe(true);
  });

  it('lets a known remote value override the default, either way', () => {
    const r = resolveFlags({ 'roadmap-voting': true, 'similar-post-suggestions': false });
    expect(r.values).toEqual({ 'roadmap-voting': true, 'similar-post-suggestions': false });
    expect(r.sources).toEqual({ 'roadmap-voting': 'remote', 'similar-post-suggestions': 'remote' });
  });

  it('keeps the default for unknown values and ignores flags it does not define', () => {
    const r = resolveFlags({ 'roadmap-voting': undefined, 'some-other-flag': true });
    expect(r.values).toEqual(FLAG_DEFAULTS);
    expect(r.sources['roadmap-voting']).toBe('default');
    expect('some-other-flag' in r.values).toBe(false);
  });

  it('reads a variant name as on', () => {
    expect(remoteFlagToBoolean('test')).toBe(true);
    expect(remoteFlagToBoolean('')).toBeUndefined();
    expect(remoteFlagToBoolean(false)).toBe(false);
    expect(remoteFlagToBoolean(undefined)).toBeUndefined();
  });
});

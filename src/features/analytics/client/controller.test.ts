import { describe, expect, it, vi } from 'vitest';
import type { AnalyticsConfig } from '@/core/analytics-config';
import type { AnalyticsEvent } from '../events';
import { createAnalyticsController, type ControllerDeps } from './controller';
import type { TrackerHooks, TrackerSession } from './tracker';

const CONFIG: AnalyticsConfig = { key: 'phc_test', host: 'https://ph.example', allowAutomation: false };

function setup(opts: { stored?: string; signals?: { doNotTrack?: string; globalPrivacyControl?: boolean }; failLoad?: boolean } = {}) {
  const store = new Map<string, string>(opts.stored ? [['chorus.consent', opts.stored]] : []);
  const sent: AnalyticsEvent[] = [];
  const calls: string[] = [];
  const log: string[] = [];
  let hooks: TrackerHooks | null = null;
  const idle: Array<() => void> = [];
  const session: TrackerSession = {
    capture: (e) => void (sent.push(e), log.push(e.name)),
    identify: (id) => void calls.push(`identify:${id}`),
    resetIdentity: () => void calls.push('resetIdentity'),
    optOut: () => void (calls.push('optOut'), log.push('optOut')),
    optIn: () => void (calls.push('optIn'), log.push('optIn')),
  };
  const startTracker = vi.fn((_cfg: NonNullable<AnalyticsConfig>, h: TrackerHooks) => {
    hooks = h;
    return session;
  });
  const loadTracker = vi.fn(() => (opts.failLoad ? Promise.reject(new Error('chunk failed')) : Promise.resolve(startTracker)));
  const deps: ControllerDeps = {
    loadTracker,
    storage: () => ({ getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) }),
    privacySignals: () => opts.signals ?? {},
    currentUrl: () => 'http://app.test/roadmap',
    whenIdle: (work) => void idle.push(work),
  };
  const controller = createAnalyticsController(deps);
  /** Runs the idle work and lets the dynamic import settle. */
  const settle = async () => {
    while (idle.length) idle.shift()!();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { controller, store, sent, calls, log, loadTracker, startTracker, settle, hooks: () => hooks };
}

describe('analytics controller', () => {
  it('is off and loads nothing when analytics is not configured', async () => {
    const t = setup({ stored: 'granted' });
    t.controller.start(null);
    t.controller.capture({ name: '$pageview', properties: { $current_url: 'x' } });
    t.controller.setConsent('granted', 'banner');
    await t.settle();
    expect(t.controller.getSnapshot().status).toBe('off');
    expect(t.loadTracker).not.toHaveBeenCalled();
  });

  it('asks, and loads and sends nothing, before consent', async () => {
    const t = setup();
    t.controller.start(CONFIG);
    t.controller.capture({ name: '$pageview', properties: { $current_url: 'x' } });
    await t.settle();
    expect(t.controller.getSnapshot().status).toBe('undecided');
    expect(t.loadTracker).not.toHaveBeenCalled();
    expect(t.sent).toEqual([]);
    expect(t.store.size).toBe(0);
  });

  it.each([
    [{ doNotTrack: '1' }, 'do-not-track'],
    [{ globalPrivacyControl: true }, 'global-privacy-control'],
  ] as const)('honours a privacy signal over stored consent (%o)', async (signals, signal) => {
    const t = setup({ stored: 'granted', signals });
    t.controller.start(CONFIG);
    t.controller.setConsent('granted', 'privacy_page');
    await t.settle();
    expect(t.controller.getSnapshot()).toMatchObject({ status: 'blocked', signal });
    expect(t.loadTracker).not.toHaveBeenCalled();
  });

  it('on consent: stores it, loads the tracker when idle and sends the current page and the consent event', async () => {
    const t = setup();
    t.controller.start(CONFIG);
    t.controller.setConsent('granted', 'banner');
    expect(t.store.get('chorus.consent')).toBe('granted');
    expect(t.loadTracker).not.toHaveBeenCalled(); // waits for idle time
    t.controller.capture({ name: '$pageview', properties: { $current_url: 'http://app.test/changelog' } });
    await t.settle();
    expect(t.startTracker).toHaveBeenCalledTimes(1);
    expect(t.sent.map((e) => e.name)).toEqual(['consent_changed', '$pageview', '$pageview']);
    expect(t.sent[1]).toEqual({ name: '$pageview', properties: { $current_url: 'http://app.test/roadmap' } });
  });

  it('starts straight away with consent stored earlier, capturing the first page', async () => {
    const t = setup({ stored: 'granted' });
    t.controller.start(CONFIG);
    await t.settle();
    expect(t.sent).toEqual([{ name: '$pageview', properties: { $current_url: 'http://app.test/roadmap' } }]);
  });

  it('declining stores the refusal and loads nothing; accepting later starts', async () => {
    const t = setup();
    t.controller.start(CONFIG);
    t.controller.setConsent('denied', 'banner');
    t.controller.capture({ name: '$pageview', properties: { $current_url: 'x' } });
    await t.settle();
    expect(t.store.get('chorus.consent')).toBe('denied');
    expect(t.loadTracker).not.toHaveBeenCalled();
    t.controller.setConsent('granted', 'privacy_page');
    await t.settle();
    expect(t.sent.map((e) => e.name)).toEqual(['consent_changed', '$pageview']);
  });

  it('withdrawing stops the session, drops later events and restores flag defaults', async () => {
    const t = setup({ stored: 'granted' });
    t.controller.start(CONFIG);
    await t.settle();
    t.hooks()!.onFlags({ 'similar-post-suggestions': false });
    expect(t.controller.getSnapshot().flags.values['similar-post-suggestions']).toBe(false);
    t.controller.setConsent('denied', 'privacy_page');
    t.controller.capture({ name: '$pageview', properties: { $current_url: 'x' } });
    expect(t.calls).toEqual(['optOut']);
    expect(t.sent).toHaveLength(1);
    expect(t.hooks()!.isAllowed()).toBe(false);
    expect(t.controller.getSnapshot().flags.values['similar-post-suggestions']).toBe(true);
    t.hooks()!.onFlags({ 'similar-post-suggestions': false }); // a late answer does not count
    expect(t.controller.getSnapshot().flags.sources['similar-post-suggestions']).toBe('default');
    t.controller.setConsent('granted', 'privacy_page');
    expect(t.calls).toEqual(['optOut', 'optIn']);
    // resumed before anything is captured into it, and without loading a second tracker
    expect(t.log).toEqual(['$pageview', 'optOut', 'optIn', 'consent_changed', '$pageview']);
    expect(t.startTracker).toHaveBeenCalledTimes(1);
  });

  it('does not start when consent is withdrawn while the tracker loads', async () => {
    const t = setup();
    t.controller.start(CONFIG);
    t.controller.setConsent('granted', 'banner');
    t.controller.setConsent('denied', 'banner');
    await t.settle();
    expect(t.startTracker).not.toHaveBeenCalled();
  });

  it('survives a tracker chunk that fails to load', async () => {
    const t = setup({ stored: 'granted', failLoad: true });
    t.controller.start(CONFIG);
    await t.settle();
    t.controller.capture({ name: '$pageview', properties: { $current_url: 'x' } });
    expect(t.controller.getSnapshot().status).toBe('granted');
    expect(t.sent).toEqual([]);
  });

  it('identifies by opaque id only, and never by email', async () => {
    const t = setup({ stored: 'granted' });
    t.controller.start(CONFIG);
    expect(t.controller.identifyUser('ada@example.com')).toBe(false);
    expect(t.controller.identifyUser('0190a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b')).toBe(true);
    await t.settle();
    expect(t.calls).toEqual(['identify:0190a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b']);
    t.controller.forgetUser();
    expect(t.calls).toContain('resetIdentity');
  });

  it('follows a choice made in another tab', async () => {
    const t = setup();
    t.controller.start(CONFIG);
    t.store.set('chorus.consent', 'granted');
    t.controller.syncConsent();
    await t.settle();
    expect(t.controller.getSnapshot().status).toBe('granted');
    t.store.set('chorus.consent', 'denied');
    t.controller.syncConsent();
    expect(t.controller.getSnapshot().status).toBe('denied');
    expect(t.calls).toEqual(['optOut']);
  });
});

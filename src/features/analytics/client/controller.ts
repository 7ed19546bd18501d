import type { AnalyticsConfig } from '@/core/analytics-config';
import {
  detectPrivacySignal,
  readConsent,
  writeConsent,
  type ConsentChoice,
  type PrivacySignal,
  type PrivacySignalSource,
} from '../consent';
import { pageviewEvent, type AnalyticsEvent, type ConsentSource } from '../events';
import { DEFAULT_FLAGS, resolveFlags, type RemoteFlagValue, type ResolvedFlags } from '../flags';
import { isOpaqueUserId } from '../identity';
import type { StartTracker, TrackerSession } from './tracker';

/**
 * - pending:   not known yet (server render, or before the provider has mounted);
 * - off:       analytics is not configured on this install;
 * - blocked:   the browser sends Do Not Track or Global Privacy Control;
 * - undecided: configured, and the visitor has not chosen yet (the banner shows);
 * - granted / denied: the visitor's choice.
 */
export type AnalyticsStatus = 'pending' | 'off' | 'blocked' | 'undecided' | 'granted' | 'denied';

export interface AnalyticsSnapshot {
  readonly status: AnalyticsStatus;
  readonly signal: PrivacySignal | null;
  readonly flags: ResolvedFlags;
}

export const PENDING_SNAPSHOT: AnalyticsSnapshot = { status: 'pending', signal: null, flags: DEFAULT_FLAGS };

export interface ControllerDeps {
  /** Loads the tracker chunk; must be a dynamic import so that nothing is downloaded before consent. */
  loadTracker: () => Promise<StartTracker>;
  storage: () => Pick<Storage, 'getItem' | 'setItem'> | null;
  privacySignals: () => PrivacySignalSource | null;
  currentUrl: () => string;
  /** Runs work when the browser is idle, so that loading analytics never competes with the page. */
  whenIdle: (work: () => void) => void;
}

/** Events captured after consent while the tracker chunk loads; more than this is dropped. */
const MAX_QUEUED = 100;

export interface AnalyticsController {
  getSnapshot(): AnalyticsSnapshot;
  subscribe(listener: () => void): () => void;
  start(config: AnalyticsConfig): void;
  setConsent(choice: ConsentChoice, source: ConsentSource): void;
  /** Re-reads the stored choice (another tab may have changed it). */
  syncConsent(): void;
  capture(event: AnalyticsEvent): void;
  identifyUser(userId: string): boolean;
  forgetUser(): void;
}

/**
 * The analytics state machine. Nothing is loaded, stored (beyond the choice itself) or sent until
 * the visitor consents; a privacy signal or a refusal keeps it that way.
 */
export function createAnalyticsController(deps: ControllerDeps): AnalyticsController {
  let snapshot = PENDING_SNAPSHOT;
  let config: NonNullable<AnalyticsConfig> | null = null;
  let started = false;
  let loading = false;
  let session: TrackerSession | null = null;
  let queue: AnalyticsEvent[] = [];
  let userId: string | null = null;
  const listeners = new Set<() => void>();

  const set = (next: Partial<AnalyticsSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const l of listeners) l();
  };
  const granted = () => snapshot.status === 'granted';

  const flush = () => {
    if (!session) return;
    const pending = queue;
    queue = [];
    for (const e of pending) session.capture(e);
  };

  const enqueue = (event: AnalyticsEvent) => {
    if (session) session.capture(event);
    else if (queue.length < MAX_QUEUED) queue.push(event);
  };

  const onFlags = (remote: Partial<Record<string, RemoteFlagValue>>) => {
    if (granted()) set({ flags: resolveFlags(remote) });
  };

  const load = () => {
    if (session || loading || !config) return;
    loading = true;
    const cfg = config;
    deps.whenIdle(() => {
      deps
        .loadTracker()
        .then((startTracker) => {
          loading = false;
          // The visitor may have declined while the chunk loaded: then nothing starts.
          if (!granted() || session) return;
          session = startTracker(cfg, { isAllowed: granted, onFlags });
          if (userId) session.identify(userId);
          flush();
        })
        .catch(() => {
          // Analytics is optional: a chunk that fails to load (offline, blocked) leaves it off for this page.
          loading = false;
          queue = [];
        });
    });
  };

  const grant = (source: ConsentSource | null) => {
    set({ status: 'granted' });
    // A session withdrawn earlier on this page resumes before anything is captured into it.
    session?.optIn();
    if (source) enqueue({ name: 'consent_changed', properties: { consent: 'granted', source } });
    enqueue(pageviewEvent(deps.currentUrl()));
    load();
  };

  const deny = () => {
    queue = [];
    set({ status: 'denied', flags: DEFAULT_FLAGS });
    session?.optOut();
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(cfg) {
      if (started) return;
      started = true;
      config = cfg;
      if (!cfg) return set({ status: 'off' });
      const signal = detectPrivacySignal(deps.privacySignals());
      if (signal) return set({ status: 'blocked', signal });
      const choice = readConsent(deps.storage());
      if (choice === 'granted') grant(null);
      else set({ status: choice ?? 'undecided' });
    },
    setConsent(choice, source) {
      if (!config || snapshot.status === 'blocked' || snapshot.status === 'pending' || snapshot.status === 'off') return;
      writeConsent(deps.storage(), choice);
      if (choice === snapshot.status) return;
      if (choice === 'granted') grant(source);
      else deny();
    },
    syncConsent() {
      if (!config || snapshot.status === 'blocked' || snapshot.status === 'pending' || snapshot.status === 'off') return;
      const choice = readConsent(deps.storage());
      if (choice === 'granted' && !granted()) grant(null);
      else if (choice !== 'granted' && granted()) deny();
      else if (choice === null && snapshot.status === 'denied') set({ status: 'undecided' });
    },
    capture(event) {
      if (granted()) enqueue(event);
    },
    identifyUser(id) {
      if (!isOpaqueUserId(id)) return false;
      userId = id;
      if (granted()) session?.identify(id);
      return true;
    },
    forgetUser() {
      userId = null;
      session?.resetIdentity();
    },
  };
}

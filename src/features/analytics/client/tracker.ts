import type { AnalyticsConfig } from '@/core/analytics-config';
import type { AnalyticsEvent } from '../events';
import type { RemoteFlagValue } from '../flags';

/**
 * The contract between the analytics controller and the one module that talks to the analytics
 * library (posthog-session.ts, loaded only by dynamic import). Types only: importing this file
 * loads nothing.
 */
export interface TrackerHooks {
  /** Checked again before each event leaves the browser. */
  isAllowed: () => boolean;
  onFlags: (remote: Partial<Record<string, RemoteFlagValue>>) => void;
}

export interface TrackerSession {
  capture(event: AnalyticsEvent): void;
  identify(userId: string): void;
  /** Back to a fresh anonymous id (sign-out). */
  resetIdentity(): void;
  /** Consent withdrawn: stop capturing and recording, and delete what the library stored. */
  optOut(): void;
  /** Consent given again on the same page after a withdrawal. */
  optIn(): void;
}

export type StartTracker = (config: NonNullable<AnalyticsConfig>, hooks: TrackerHooks) => TrackerSession;

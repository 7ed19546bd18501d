import type { AnalyticsEvent } from '../events';
import { createAnalyticsController } from './controller';

function whenIdle(work: () => void) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 2000 });
  else window.setTimeout(work, 1);
}

/** The one analytics instance of this browser tab. Inert until AnalyticsProvider starts it. */
export const analytics = createAnalyticsController({
  // The only way posthog-js is ever loaded: a separate chunk, fetched after consent.
  loadTracker: () => import('./posthog-session').then((m) => m.startTracker),
  storage: () => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  },
  privacySignals: () => (typeof navigator === 'undefined' ? null : navigator),
  currentUrl: () => window.location.href,
  whenIdle,
});

/** Sends one typed event; silently does nothing without consent (or with analytics off). */
export function capture(event: AnalyticsEvent): void {
  analytics.capture(event);
}

/**
 * Attributes later events to a signed-in member by their opaque user id. Refuses (returns false)
 * anything that is not an opaque id, an email address above all.
 */
export function identifyUser(userId: string): boolean {
  return analytics.identifyUser(userId);
}

/** Sign-out: later events go to a fresh anonymous id. */
export function forgetUser(): void {
  analytics.forgetUser();
}

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

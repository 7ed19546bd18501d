/**
 * The only module that imports posthog-js. It is loaded by dynamic import (see analytics.ts),
 * only after the visitor consents, so posthog-js and its recorder are a separate chunk that is
 * never downloaded otherwise.
 */
import posthog, { type CaptureResult } from 'posthog-js';
// Bundles the session recorder into this chunk. With external dependency loading disabled (no
// scripts from the analytics host), posthog-js cannot fetch it; `dist/recorder` alone lacks the
// code that drives rrweb.
import 'posthog-js/dist/lazy-recorder';
import { FLAG_NAMES, type RemoteFlagValue } from '../flags';
import { isSendableDistinctId } from '../identity';
import type { StartTracker } from './tracker';

/** Text that features mark as private (`data-analytics="mask"`) is masked in recordings too. */
const MASK_TEXT_SELECTOR = '[data-analytics="mask"]';
/** Elements marked `data-analytics="block"` are replaced by a placeholder in recordings. */
const BLOCK_SELECTOR = '[data-analytics="block"]';
/** Query parameters that may carry secrets or personal data: masked in every URL property. */
const PRIVATE_QUERY_PARAMS = ['token', 'code', 'email', 'q', 'key', 'secret'];

const maskInput = (text: string) => '*'.repeat(text.length);

/**
 * Deletes what posthog-js keeps in this tab's storage under the project's names. reset() clears
 * its persistence, but the session manager writes the window id straight to sessionStorage.
 */
function removeStoredState(token: string) {
  const ours = (key: string) => key.startsWith(`ph_${token}_`) || key === `__ph_opt_in_out_${token}`;
  for (const storage of [window.localStorage, window.sessionStorage]) {
    try {
      for (const key of Object.keys(storage).filter(ours)) storage.removeItem(key);
    } catch {
      // Storage that cannot be read holds nothing of ours.
    }
  }
}

export const startTracker: StartTracker = (config, hooks) => {
  const guard = (event: CaptureResult | null): CaptureResult | null => {
    if (!event || !hooks.isAllowed()) return null;
    if (!isSendableDistinctId(event.properties?.distinct_id)) return null;
    return event;
  };

  const optIn = () => posthog.opt_in_capturing({ captureEventName: false });

  const readFlags = () => {
    const remote: Partial<Record<string, RemoteFlagValue>> = {};
    for (const name of FLAG_NAMES) remote[name] = posthog.getFeatureFlag(name, { send_event: false });
    hooks.onFlags(remote);
  };

  posthog.init(config.key, {
    api_host: config.host,
    // Never load scripts from the analytics host: everything needed is in this chunk.
    disable_external_dependency_loading: true,
    // Consent is Chorus's own (chorus.consent). posthog-js starts opted out and without storage,
    // and is opted in in `loaded`, so that withdrawing consent (opt out + reset) leaves it off.
    opt_out_capturing_by_default: true,
    opt_out_persistence_by_default: true,
    persistence: 'localStorage+cookie',
    respect_dnt: true,
    opt_out_useragent_filter: config.allowAutomation,
    // Pageviews are captured by Chorus on each Next.js route change (AnalyticsProvider).
    capture_pageview: false,
    capture_pageleave: false,
    // Only the typed events of events.ts: no automatic click, text or error capture.
    autocapture: false,
    rageclick: false,
    capture_dead_clicks: false,
    capture_exceptions: false,
    capture_heatmaps: false,
    capture_performance: false,
    disable_surveys: true,
    disable_product_tours: true,
    disable_conversations: true,
    disable_web_experiments: true,
    advanced_disable_toolbar_metrics: true,
    enable_recording_console_log: false,
    mask_all_text: true,
    mask_all_element_attributes: true,
    mask_personal_data_properties: true,
    custom_personal_data_properties: PRIVATE_QUERY_PARAMS,
    session_recording: {
      maskAllInputs: true,
      maskInputOptions: {
        color: true,
        date: true,
        'datetime-local': true,
        email: true,
        month: true,
        number: true,
        range: true,
        search: true,
        tel: true,
        text: true,
        time: true,
        url: true,
        week: true,
        textarea: true,
        select: true,
        password: true,
      },
      maskInputFn: maskInput,
      maskTextSelector: MASK_TEXT_SELECTOR,
      blockSelector: BLOCK_SELECTOR,
    },
    before_send: guard,
    loaded: (ph) => {
      if (!ph.has_opted_in_capturing()) optIn();
    },
  });
  posthog.onFeatureFlags(readFlags);

  return {
    capture: (event) => {
      posthog.capture(event.name, event.properties);
    },
    identify: (userId) => {
      posthog.identify(userId);
    },
    resetIdentity: () => {
      // reset() clears posthog-js's own consent record, so opt in again afterwards (not before).
      posthog.reset();
      if (hooks.isAllowed()) optIn();
    },
    optOut: () => {
      posthog.stopSessionRecording();
      posthog.opt_out_capturing();
      // Deletes the anonymous id, session and flags; with opt_out_persistence_by_default nothing
      // is written again until the visitor opts in.
      posthog.reset();
      removeStoredState(config.key);
    },
    optIn: () => {
      optIn();
      posthog.startSessionRecording();
      posthog.reloadFeatureFlags();
    },
  };
};

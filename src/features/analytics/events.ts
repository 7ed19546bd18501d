/**
 * Every analytics event Chorus sends, with its properties: one map, so that an event cannot be
 * captured with a misspelt name or the wrong properties. To add an event, add a line here.
 * Properties never hold personal data (no email, no names, no typed text).
 */
export interface AnalyticsEventProperties {
  /** A page was shown: the first page after consent, and every client-side route change. */
  $pageview: { $current_url: string };
  /** The visitor allowed analytics (a refusal is never sent: after it, nothing is). */
  consent_changed: { consent: 'granted'; source: ConsentSource };
}

export type ConsentSource = 'banner' | 'privacy_page';

export type AnalyticsEventName = keyof AnalyticsEventProperties;

export type AnalyticsEvent = {
  [K in AnalyticsEventName]: { name: K; properties: AnalyticsEventProperties[K] };
}[AnalyticsEventName];

export function pageviewEvent(href: string): AnalyticsEvent {
  return { name: '$pageview', properties: { $current_url: href } };
}

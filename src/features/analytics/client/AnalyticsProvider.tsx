import Router from 'next/router';
import { useEffect, type ReactNode } from 'react';
import type { AnalyticsConfig } from '@/core/analytics-config';
import { CONSENT_STORAGE_KEY } from '../consent';
import { pageviewEvent } from '../events';
import { analytics } from './analytics';

/**
 * Starts analytics once the page is interactive (never during render), and captures a pageview
 * on every client-side route change. Hash-only changes are not route changes and send nothing.
 * With `config` null (analytics not configured) nothing else happens and nothing is downloaded.
 */
export function AnalyticsProvider({ config, children }: { config: AnalyticsConfig; children: ReactNode }) {
  useEffect(() => {
    analytics.start(config);
    if (!config) return;
    const onRouteChange = () => analytics.capture(pageviewEvent(window.location.href));
    // The choice made in another tab applies here too.
    const onStorage = (e: StorageEvent) => {
      if (e.key === CONSENT_STORAGE_KEY || e.key === null) analytics.syncConsent();
    };
    Router.events.on('routeChangeComplete', onRouteChange);
    window.addEventListener('storage', onStorage);
    return () => {
      Router.events.off('routeChangeComplete', onRouteChange);
      window.removeEventListener('storage', onStorage);
    };
  }, [config]);

  return <>{children}</>;
}

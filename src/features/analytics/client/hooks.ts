import { useSyncExternalStore } from 'react';
import type { FlagName } from '../flags';
import { analytics } from './analytics';
import { PENDING_SNAPSHOT, type AnalyticsSnapshot } from './controller';

const getServerSnapshot = () => PENDING_SNAPSHOT;

/** Analytics status, privacy signal and flags in effect; "pending" during the server render. */
export function useAnalytics(): AnalyticsSnapshot {
  return useSyncExternalStore(analytics.subscribe, analytics.getSnapshot, getServerSnapshot);
}

/** A feature flag: its local default, overridden by the analytics service's value once known. */
export function useFlag(name: FlagName): boolean {
  return useAnalytics().flags.values[name];
}

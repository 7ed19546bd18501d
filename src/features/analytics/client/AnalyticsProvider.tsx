import type { ReactNode } from 'react';
import type { AnalyticsConfig } from '../config';

// Placeholder while the analytics module is written: renders children only.
export function AnalyticsProvider({ children }: { config: AnalyticsConfig; children: ReactNode }) {
  return <>{children}</>;
}

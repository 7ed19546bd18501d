import type { Viewer } from '@/features/accounts/schema';
import type { AnalyticsConfig } from '@/features/analytics/config';
import type { PublicWorkspace } from '@/features/settings/schema';

/** Props every page receives from its getServerSideProps, for the shell around it. */
export interface ShellProps {
  shell: {
    workspace: PublicWorkspace;
    analytics: AnalyticsConfig;
    /** The signed-in person, or null for a visitor. */
    viewer: Viewer | null;
  };
  /** When set, the shell shows the styled error screen instead of the page. */
  errorPage?: 403 | 404;
}

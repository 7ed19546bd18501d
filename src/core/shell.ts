import type { Viewer } from '@/core/identity/viewer';
import type { AnalyticsConfig } from './analytics-config';
import type { PublicWorkspace } from './workspace';

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

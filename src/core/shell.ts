import type { Viewer } from '@/core/identity/viewer';
import type { AnalyticsConfig } from './analytics-config';
import type { PublicWorkspace } from './workspace';
import type { Locale } from './i18n/locales';
import type { CompiledCatalogue } from '@/i18n/compile';

/** Props every page receives from its getServerSideProps, for the shell around it. */
export interface ShellProps {
  shell: {
    workspace: PublicWorkspace;
    analytics: AnalyticsConfig;
    /** The signed-in person, or null for a visitor. */
    viewer: Viewer | null;
    /** The page's language (src/server/i18n/request-locale.ts) and that language's catalogue only, compiled (src/i18n/compile.ts). */
    locale: Locale;
    messages: CompiledCatalogue;
  };
  /** When set, the shell shows the styled error screen instead of the page. */
  errorPage?: 403 | 404;
}

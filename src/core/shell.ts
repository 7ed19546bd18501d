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
    /**
     * The signed-in person, or null for a visitor. On a shared render (`shared`), nobody of the
     * audience: empty name and email, the audience's role; the person is in the personal payload.
     */
    viewer: Viewer | null;
    /** Set on a shared render: the page's person and votes come in its personal payload (src/lib/personal.ts). */
    shared?: true;
    /** The page's language (src/server/i18n/request-locale.ts) and that language's catalogue only, compiled (src/i18n/compile.ts). */
    locale: Locale;
    messages: CompiledCatalogue;
  };
  /** When set, the shell shows the styled error screen instead of the page. */
  errorPage?: 403 | 404;
}

import type { AppProps } from 'next/app';
import Head from 'next/head';
import { IntlProvider, useTranslations } from 'use-intl';
import { createElement, useEffect, useState, type ComponentType } from 'react';
import { AnalyticsProvider } from '@/features/analytics/client/AnalyticsProvider';
import { isTeamMember } from '@/core/identity/policy';
import { TeamAreaNotices } from '@/components/TeamNav';
import type { PublicWorkspace } from '@/core/workspace';
import { accentCss } from '@/lib/accent';
import type { ShellProps } from '@/core/shell';
import { directionOf, SOURCE_LOCALE } from '@/core/i18n/locales';
import type { CompiledCatalogue } from '@/i18n/compile';
import type { AbstractIntlMessages } from 'use-intl';
import { personalOfPage } from '@/lib/personal';
import { PersonalVotes } from '@/lib/personal-votes';
import { PersonalOwn } from '@/lib/personal-own';
import { ErrorView } from './ErrorView';
import { poppins } from './font';
import { Footer } from './Footer';
import { Header } from './Header';
import { NavigationEffects } from './NavigationEffects';

/**
 * The consent banner (when analytics is configured) and the team's email notice (for the team)
 * are loaded only where they can show, after hydration: both render nothing on the server, as
 * they depend on the browser's consent and on a request. A plain import() keeps them out of every
 * page's first load without next/dynamic's runtime in the shell.
 */
const loadConsentBanner = () => import('@/features/analytics/client/ConsentBanner').then((m) => m.ConsentBanner);
const loadEmailNotice = () => import('@/features/notifications/client/EmailNotConfiguredNotice').then((m) => m.EmailNotConfiguredNotice);
/** The navigation bar at the top: nothing to show before the first client-side navigation (TopLoader.tsx). */
const loadTopLoader = () => import('./TopLoader').then((m) => m.TopLoader);

/** Renders what `load` brings once it has arrived; nothing before, or if it fails (these are hints, never the page). */
function Later<P extends object>({ load, props }: { load: () => Promise<ComponentType<P>>; props: P }) {
  const [loaded, setLoaded] = useState<{ component: ComponentType<P> } | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (component) => live && setLoaded({ component }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [load]);
  return loaded ? createElement(loaded.component, props) : null;
}

/** Shown only on pages rendered without the shell's server data (the error page, diagnostics). */
const FALLBACK_WORKSPACE: PublicWorkspace = {
  name: 'Chorus',
  logoUrl: null,
  faviconUrl: null,
  showPoweredBy: true,
  accentColor: '#6d28d9',
  defaultTheme: 'system',
  defaultLocale: SOURCE_LOCALE,
  access: 'public',
  setupDone: true,
};

/**
 * Pages rendered without the shell's server data carry no catalogue: the error page brings the
 * source language's (ErrorPages.tsx); the diagnostics pages show message keys.
 */
const NO_MESSAGES: CompiledCatalogue = {};

/** Dates are shown in UTC until people have a time zone setting, so the server's render and the browser's agree. */
const TIME_ZONE = 'UTC';

type Props = Partial<ShellProps> & { fallbackMessages?: CompiledCatalogue };

/** What a page draws from its personal payload: its props with their person, their votes, their author controls. */
interface Personal {
  pageProps: Props;
  votes: ReadonlySet<number> | null;
  own: ReadonlySet<string> | null;
}

/** The props of each shared render, with its person from the personal payload (one object per page's props). */
const personalised = new WeakMap<object, Personal>();
const NOBODYS: ReadonlySet<string> = new Set();

/**
 * A shared render's props carry nobody of the audience (src/lib/personal.ts): in the browser, the
 * page's person, votes and author controls come from its personal payload, so that the first
 * render draws what the payload's script made of the server's copy. The server's render for
 * nobody draws every author control hidden (src/lib/personal-own.ts). For every other page, the
 * props are the page's own.
 */
function personalise(pageProps: Props): Personal {
  const shell = pageProps.shell;
  if (!shell?.shared) return { pageProps, votes: null, own: null };
  const payload = personalOfPage();
  if (!payload) return { pageProps, votes: null, own: NOBODYS };
  let hit = personalised.get(pageProps);
  if (!hit) {
    hit = {
      pageProps: { ...pageProps, shell: { ...shell, viewer: payload.viewer } },
      votes: new Set(payload.voted),
      own: new Set(payload.own ?? []),
    };
    personalised.set(pageProps, hit);
  }
  return hit;
}

export function App(appProps: AppProps<Props>) {
  const { pageProps, votes, own } = personalise(appProps.pageProps);
  const props = { ...appProps, pageProps };
  const { shell, fallbackMessages } = pageProps;
  const locale = shell?.locale ?? SOURCE_LOCALE;
  // The document's language follows a client-side navigation too (the server sets it on a full load).
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = directionOf(locale);
  }, [locale]);
  return (
    <IntlProvider
      locale={locale}
      // Compiled messages (src/i18n/compile.ts), which use-intl's format-only runtime formats (next.config.mjs).
      messages={(shell?.messages ?? fallbackMessages ?? NO_MESSAGES) as unknown as AbstractIntlMessages}
      timeZone={TIME_ZONE}
      // Without any catalogue (diagnostics pages), missing messages are expected: not logged on every render.
      onError={shell || fallbackMessages ? undefined : ignoreMissing}
    >
      <PersonalVotes.Provider value={votes}>
        <PersonalOwn.Provider value={own}>
          <Shell {...props} />
        </PersonalOwn.Provider>
      </PersonalVotes.Provider>
    </IntlProvider>
  );
}

const ignoreMissing = () => undefined;

function Shell({ Component, pageProps }: AppProps<Props>) {
  const t = useTranslations('shell');
  const workspace = pageProps.shell?.workspace ?? FALLBACK_WORKSPACE;
  const viewer = pageProps.shell?.viewer ?? null;
  // Analytics configuration is per install, so the first page's answer holds for the visit.
  const [analytics] = useState(pageProps.shell?.analytics ?? null);
  const actor = viewer ? ({ kind: 'user', id: viewer.id, role: viewer.role } as const) : null;

  // A page drawn inside another site (the widget's panel): no header, footer, consent banner,
  // top loader or analytics; it brings its own landmarks.
  if ((Component as { bare?: boolean }).bare && !pageProps.errorPage) {
    return (
      <>
        <Head>
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <style key="accent">{accentCss(workspace.accentColor)}</style>
        </Head>
        <div className={`${poppins.className} ${poppins.variable}`}>
          <Component {...pageProps} />
        </div>
      </>
    );
  }

  return (
    <AnalyticsProvider config={analytics}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{workspace.name}</title>
        {/* Pages with a description of their own (a board, a post, a changelog entry) replace it by its key. */}
        <meta name="description" key="description" content={t('metaDescription', { workspace: workspace.name })} />
        {/* The workspace's accent colour, adjusted per theme for contrast (lib/accent). */}
        <style key="accent">{accentCss(workspace.accentColor)}</style>
      </Head>
      <Later load={loadTopLoader} props={{}} />
      <div className={`${poppins.className} ${poppins.variable} flex min-h-dvh flex-col bg-bg text-fg`}>
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-accent px-4 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
        >
          {t('skipLink')}
        </a>
        <Header workspace={workspace} viewer={viewer} />
        <main
          id="main"
          tabIndex={-1}
          className={`mx-auto w-full ${(Component as { wide?: boolean }).wide ? 'max-w-7xl' : 'max-w-5xl'} flex-1 px-4 py-8 outline-none`}
        >
          {pageProps.errorPage ? (
            <ErrorView code={pageProps.errorPage} signedOut={viewer === null} />
          ) : (
            <TeamAreaNotices.Provider
              value={actor && isTeamMember(actor) ? <Later load={loadEmailNotice} props={{ viewer: actor }} /> : null}
            >
              <Component {...pageProps} />
            </TeamAreaNotices.Provider>
          )}
        </main>
        <Footer workspaceName={workspace.name} poweredBy={workspace.showPoweredBy} signedIn={viewer !== null} />
        {analytics ? <Later load={loadConsentBanner} props={{}} /> : null}
        <NavigationEffects />
      </div>
    </AnalyticsProvider>
  );
}

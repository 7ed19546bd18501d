import type { GetServerSideProps, GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { env } from '@/config/env';
import { isTeamMember, type Decision } from '@/core/identity/policy';
import type { Viewer } from '@/core/identity/viewer';
import type { AnalyticsConfig } from '@/core/analytics-config';
import type { PublicWorkspace } from '@/core/workspace';
import type { Actor } from '@/server/identity/actor';
import { paths } from '@/config/paths';
import { safeNextPath } from '@/lib/next-path';
import { isStorableText, storableQuery } from '@/server/http/storable-text';
import { logger } from '@/server/log';
import type { ShellProps } from '@/core/shell';
import { getPublicWorkspace } from '@/server/workspace';
import { audienceActor, sharedRenderAudience } from '@/server/cache/shared-render';
import { loadShellContext } from './shell-context';
import { requestLocale } from '@/server/i18n/request-locale';
import type { Locale } from '@/core/i18n/locales';
import { pageMessagesOf } from '@/server/i18n/catalogues';
import type { OptInNamespace } from '@/i18n/messages';

function analyticsConfig(): AnalyticsConfig {
  const e = env();
  if (!e.POSTHOG_KEY) return null;
  return { key: e.POSTHOG_KEY, host: e.POSTHOG_HOST, allowAutomation: e.CHORUS_ANALYTICS_ALLOW_AUTOMATION };
}

/** The signed-in person as pages receive them (shell.viewer). */
export function viewerOf(actor: Actor): Viewer | null {
  if (actor.kind !== 'user') return null;
  const { id, displayName, email, avatarUrl, role, emailVerified } = actor;
  return { id, displayName, email, avatarUrl, role, emailVerified };
}

/** What a page's loader may answer besides props: an error screen drawn inside the shell. */
export const forbidden = { errorPage: 403 as const };
export const notFound = { errorPage: 404 as const };

export interface ShellContext {
  actor: Actor;
  workspace: PublicWorkspace;
  /** The page's language (what the shell carries too): for text a loader writes on the server. */
  locale: Locale;
}

type ErrorProps = typeof forbidden | typeof notFound;
type Inner<P> = (ctx: GetServerSidePropsContext, shell: ShellContext) => Promise<GetServerSidePropsResult<P | ErrorProps>>;

export interface ShellOptions {
  /** Reachable by visitors even when the workspace requires sign-in (the sign-in pages). */
  openToVisitors?: boolean;
  /** The first-run page: the only page before setup, and gone after it. */
  setupPage?: boolean;
  /** Catalogue namespaces only some pages carry (src/i18n/messages.ts): the widget's panel, the sign-in pages, … */
  namespaces?: readonly OptInNamespace[];
}

/** To the sign-in page, which comes back here after (through the same `?next=` rules). */
export const signInRedirect = (ctx: GetServerSidePropsContext) => ({
  redirect: { destination: paths.login(safeNextPath(ctx.resolvedUrl, '/', env().PUBLIC_URL)), permanent: false },
});

/**
 * Maps a policy decision to what a page answers: nothing (go on), the sign-in page, the 403
 * screen, or the 404 screen (SPEC.md §6).
 */
export function gate(ctx: GetServerSidePropsContext, decision: Decision): GetServerSidePropsResult<ErrorProps> | null {
  if (decision === 'allow') return null;
  if (decision === 'unauthenticated') return signInRedirect(ctx);
  return { props: decision === 'forbidden' ? forbidden : notFound };
}

/**
 * Whether the path's parameters are text the database can compare (src/server/http/storable-text.ts).
 * A page whose path holds a NUL names nothing that can exist: it is the 404 screen.
 */
function pathIsStorable(ctx: GetServerSidePropsContext): boolean {
  return Object.values(ctx.params ?? {}).every((v) => (Array.isArray(v) ? v.every(isStorableText) : v === undefined || isStorableText(v)));
}

/**
 * Wraps a page's getServerSideProps: resolves the viewer, sends everyone to /setup until the
 * first run is done and visitors to sign-in when the workspace is private, adds the shell's
 * props, and turns { errorPage } into the styled 403/404 screen with the right HTTP status.
 * Loaders never see text the database refuses: a query parameter holding a NUL is left out, as if
 * it was not given, and a path segment holding one is the 404 screen.
 */
export function withShell<P extends Record<string, unknown>>(
  inner?: Inner<P>,
  options: ShellOptions = {},
): GetServerSideProps<ShellProps & Partial<P>> {
  return async (ctx) => {
    try {
      // A shared render (src/server/cache/shared-render.ts) is made for nobody of its audience.
      const audience = sharedRenderAudience(ctx.req);
      const { workspace, actor } = audience
        ? { workspace: await getPublicWorkspace(), actor: audienceActor(audience) }
        : await loadShellContext(ctx.req, ctx.res);
      if (!workspace.setupDone && !options.setupPage) return { redirect: { destination: '/setup', permanent: false } };
      if (workspace.setupDone && options.setupPage) return { redirect: { destination: '/', permanent: false } };
      if (workspace.access === 'sign_in_required' && actor.kind === 'visitor' && !options.openToVisitors && !options.setupPage) {
        return signInRedirect(ctx);
      }
      // A shared render is made in its audience's language, which is part of the audience.
      const locale = audience ? audience.locale : requestLocale(ctx.req, actor, workspace.defaultLocale);
      const load: Inner<P> | undefined = pathIsStorable(ctx) ? inner : async () => ({ props: notFound });
      const result = load ? await load({ ...ctx, query: storableQuery(ctx.query) }, { actor, workspace, locale }) : { props: {} as P };
      const viewer = viewerOf(actor);
      ctx.res.setHeader('content-language', locale);
      const analytics = analyticsConfig();
      const shell = {
        workspace,
        analytics,
        viewer,
        // Its person comes in the personal payload (src/lib/personal.ts).
        ...(audience ? { shared: true as const } : {}),
        locale,
        messages: pageMessagesOf(locale, {
          team: isTeamMember(actor),
          member: viewer !== null,
          analytics: analytics !== null,
          optIn: options.namespaces,
        }),
      };
      if ('redirect' in result) return result;
      if ('notFound' in result) {
        ctx.res.statusCode = 404;
        return { props: { shell, errorPage: 404 } as ShellProps & Partial<P> };
      }
      const props = await result.props;
      if ('errorPage' in props && (props.errorPage === 403 || props.errorPage === 404)) {
        ctx.res.statusCode = props.errorPage;
        return { props: { shell, errorPage: props.errorPage } as ShellProps & Partial<P> };
      }
      return { props: { ...(props as P), shell } };
    } catch (err) {
      logger().error({ err, requestId: ctx.req.headers['x-request-id'], url: ctx.resolvedUrl }, 'page data failed');
      throw err;
    }
  };
}

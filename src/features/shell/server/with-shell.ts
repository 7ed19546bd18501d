import type { GetServerSideProps, GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { env } from '@/config/env';
import type { AnalyticsConfig } from '@/features/analytics/config';
import { getPublicWorkspace } from '@/features/settings/server/service';
import { logger } from '@/server/log';
import type { ShellProps } from '../types';

function analyticsConfig(): AnalyticsConfig {
  const e = env();
  if (!e.POSTHOG_KEY) return null;
  return { key: e.POSTHOG_KEY, host: e.POSTHOG_HOST, allowAutomation: e.CHORUS_ANALYTICS_ALLOW_AUTOMATION };
}

type Inner<P> = (ctx: GetServerSidePropsContext) => Promise<GetServerSidePropsResult<P>>;

/** What a page's loader may answer besides props: an error screen drawn inside the shell. */
export const forbidden = { errorPage: 403 as const };
export const notFound = { errorPage: 404 as const };

/**
 * Wraps a page's getServerSideProps: adds the shell's props, and turns { errorPage } into the
 * styled 403/404 screen with the right HTTP status, rendered per request like any page.
 */
export function withShell<P extends Record<string, unknown>>(inner?: Inner<P | typeof forbidden | typeof notFound>): GetServerSideProps<ShellProps & Partial<P>> {
  return async (ctx) => {
    try {
      const [workspace, result] = await Promise.all([getPublicWorkspace(), inner ? inner(ctx) : Promise.resolve({ props: {} as P })]);
      const shell = { workspace, analytics: analyticsConfig() };
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

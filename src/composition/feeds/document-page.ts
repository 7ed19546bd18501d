/**
 * Serves a feed, the sitemap or robots.txt from a Pages Router path (`/sitemap.xml`): the loader
 * writes the response itself and Next.js, seeing it sent, renders nothing. The document handlers
 * take plain Node requests, so tests call them over HTTP without Next.js.
 */
import type { GetServerSideProps, GetServerSidePropsContext } from 'next';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { logger } from '@/server/log';

type Handler = (req: IncomingMessage, res: ServerResponse, ctx: GetServerSidePropsContext) => Promise<void>;

export function documentLoader(handler: Handler): GetServerSideProps<Record<string, never>> {
  return async (ctx) => {
    try {
      await handler(ctx.req, ctx.res, ctx);
    } catch (err) {
      logger().error({ err, requestId: ctx.req.headers['x-request-id'], url: ctx.resolvedUrl }, 'document failed');
      if (!ctx.res.headersSent) {
        ctx.res.statusCode = 500;
        ctx.res.setHeader('content-type', 'text/plain; charset=utf-8');
        ctx.res.setHeader('cache-control', 'no-store');
      }
      if (!ctx.res.writableEnded) ctx.res.end('Internal server error.\n');
    }
    return { props: {} };
  };
}

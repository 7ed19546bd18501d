/**
 * How the server answers a request: a chain of steps, each of which either answers it or passes
 * it on, ending with the framework's render (src/server/main.ts lists them). Each step is a plain
 * function of the request, testable alone.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { env } from '@/config/env';
import { lastWholeChange } from '@/server/cache/changes';
import { capturePage, pageCacheKey, serveCachedPage } from '@/server/cache/page-cache';
import { readSessionToken, readsOwnWrites } from '@/server/identity/cookies';
import { logger } from '@/server/log';
import { answerForApiPath } from './api-path';
import { errorBody } from './errors';
import { serveWidgetScript, WIDGET_SCRIPT_PATH, type WidgetScript } from './widget-script';

export interface ChainRequest {
  req: IncomingMessage;
  res: ServerResponse;
  requestId: string;
  /** This response's CSP nonce. */
  nonce: string;
  /** Set by the steps, for the request's log line. */
  note: { cached?: boolean; shared?: boolean };
  /** The visitor page cache's key for this request, once the cache step has looked (null: not cacheable). */
  pageKey?: string | null;
}

/** Answers the request (true), or leaves it untouched for the next step (false). */
export type RequestStep = (request: ChainRequest) => boolean | Promise<boolean>;

/** Runs the steps in order until one answers; a step that throws answers 500 (nothing internal shown). */
export async function runChain(steps: readonly RequestStep[], request: ChainRequest): Promise<void> {
  try {
    for (const step of steps) if (await step(request)) return;
    throw new Error('no step answered the request');
  } catch (err) {
    logger().error({ err, requestId: request.requestId }, 'request handler failed');
    const { res } = request;
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Internal Server Error');
  }
}

/** /api paths the framework would answer with HTML or plain text: 404 when malformed, 308 to the written form. */
export const apiPathStep: RequestStep = ({ req, res, requestId }) => {
  const answer = answerForApiPath(req.url ?? '/');
  if (answer.kind === 'pass') return false;
  const body =
    answer.kind === 'malformed'
      ? errorBody('NOT_FOUND', requestId, 'There is no API route at this path: it holds a malformed percent-encoding.')
      : { location: answer.location };
  res.statusCode = answer.kind === 'malformed' ? 404 : 308;
  if (answer.kind === 'redirect') res.setHeader('location', answer.location);
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
  return true;
};

/** The embeddable widget's loader, built with the server (null: missing from the build, 404). */
export const widgetScriptStep =
  (script: WidgetScript | null): RequestStep =>
  ({ req, res }) => {
    if (req.url?.split('?')[0] !== WIDGET_SCRIPT_PATH) return false;
    serveWidgetScript(req, res, script);
    return true;
  };

/**
 * Visitors' public pages (src/server/cache): a current copy is served as is; otherwise, when the
 * page may be kept, the render that follows is recorded for the next visitor.
 */
export const visitorCopyStep: RequestStep = (request) => {
  const { req, res, nonce } = request;
  const key = pageCacheKey(req, readSessionToken(req) !== undefined || readsOwnWrites(req));
  request.pageKey = key;
  if (!key) return false;
  // With diagnostics on, tests can tell a copy from a render (a copy says so), and a copy that a
  // whole change cleared from one that lapsed (the latest whole change this instance knows of).
  const diagnose = env().CHORUS_DIAGNOSTIC_ROUTES;
  if (diagnose) {
    res.setHeader('x-chorus-copy', 'page');
    res.setHeader('x-chorus-last-whole-change', String(lastWholeChange()));
  }
  if (serveCachedPage(key, req, res, nonce)) {
    request.note.cached = true;
    return true;
  }
  if (diagnose) res.removeHeader('x-chorus-copy');
  capturePage(key, req, res, nonce);
  return false;
};

/**
 * What the embedded widget's token may do: the one place this is decided (docs/widget.md).
 *
 * A widget session (src/server/identity/widget-sessions.ts) is the member themselves, so every
 * endpoint's policy and per-person rate limits apply as to their session. It is also a token that
 * lives in a page framed by another site, so it is good for what the panel does and nothing else:
 * reading boards, posts and the changelog, searching, suggesting similar posts, posting and
 * voting. Everything else (their account, email, password, notifications, exports,
 * the team's tools) answers 403. It fails closed: a path or method not listed is refused.
 */
import type { IncomingMessage } from 'node:http';
import { AppError } from './errors';

/** /api/v1 paths as in the API registry (dynamic segments as `{name}`), with the methods a widget token may use. */
export const WIDGET_ACCESS: Readonly<Record<string, readonly string[]>> = {
  '/api/v1/boards': ['GET'],
  '/api/v1/changelog': ['GET'],
  '/api/v1/changelog/{slug}': ['GET'],
  '/api/v1/posts': ['GET', 'POST'],
  '/api/v1/posts/similar': ['GET'],
  '/api/v1/posts/{number}': ['GET'],
  '/api/v1/posts/{number}/vote': ['PUT', 'DELETE'],
  '/api/v1/workspace': ['GET'],
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MATCHERS = Object.entries(WIDGET_ACCESS)
  .map(([path, methods]) => ({
    methods,
    params: (path.match(/\{[^}]+\}/g) ?? []).length,
    regex: new RegExp(
      `^${path
        .split(/\{[^}]+\}/)
        .map(escape)
        .join('[^/]+')}$`,
    ),
  }))
  // Fewer dynamic segments first, so `/posts/similar` is found before `/posts/{number}`.
  .sort((a, b) => a.params - b.params);

/** Whether a widget token may make this call (`method` as the pipeline sees it: HEAD counts as GET). */
export function widgetMayCall(method: string, pathname: string): boolean {
  const match = MATCHERS.find((m) => m.regex.test(pathname));
  return match !== undefined && match.methods.includes(method);
}

export function requireWidgetAccess(req: IncomingMessage, method: string): void {
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';
  if (!widgetMayCall(method, pathname)) throw new AppError('FORBIDDEN', 'The widget cannot use this endpoint: open the board to do this.');
}

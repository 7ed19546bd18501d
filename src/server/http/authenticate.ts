/**
 * Who is asking, and the CSRF check that goes with it (src/features/api-keys/README.md).
 *
 * A request with `Authorization: Bearer …` is judged by that key alone: its cookies are ignored
 * (credentials are never combined), and an unknown, revoked or orphaned key is 401 whatever
 * session it also carries. A valid key skips the Origin check: the browser attaches cookies on
 * its own, never this header, so a cross-site page cannot make a request carry a key. Every
 * other request goes through the CSRF check as before, including one with a cookie and a
 * bad bearer token. A widget token (`cwt_…`) is judged the same way: by itself, without the
 * Origin check, as the member it was made for.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBearer, resolveApiKey } from '@/server/identity/api-keys';
import { resolveActor, type Actor } from '@/server/identity/actor';
import { isWidgetToken, resolveWidgetSession } from '@/server/identity/widget-sessions';
import { isCrossSiteRequest } from './csrf';
import { AppError } from './errors';

/** The same answer for every key that does not work, so that none tells more than another. */
export const INVALID_API_KEY_MESSAGE = 'This API key is not valid: it is unknown or revoked, or its creator can no longer sign in.';

/** A widget token that no longer works: expired, signed out, or its member banned or gone. */
export const WIDGET_SESSION_ENDED_MESSAGE = 'This widget session has ended: sign in again from the product.';

export async function authenticate(req: IncomingMessage, res: ServerResponse, opts: { tokenAuthenticated?: boolean }): Promise<Actor> {
  const bearer = readBearer(req);
  // The widget's panel sends its own token the same way (docs/widget.md): the member, as with a
  // session, but never combined with a cookie and, like a key, not sent by the browser on its own.
  if (bearer !== undefined && isWidgetToken(bearer)) {
    const member = await resolveWidgetSession(bearer);
    if (!member) throw new AppError('UNAUTHENTICATED', WIDGET_SESSION_ENDED_MESSAGE, { reason: 'widgetSessionEnded' });
    const { widgetSessionHash, ...user } = member;
    return { kind: 'user', ...user, sessionHash: '', widgetSessionHash };
  }
  const keyUser = bearer === undefined ? null : await resolveApiKey(bearer);
  if (keyUser) return { kind: 'user', ...keyUser, sessionHash: '' };
  if (!opts.tokenAuthenticated && isCrossSiteRequest(req)) throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed.');
  if (bearer !== undefined) throw new AppError('UNAUTHENTICATED', INVALID_API_KEY_MESSAGE);
  return resolveActor(req, res);
}

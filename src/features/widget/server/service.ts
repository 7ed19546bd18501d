/**
 * The widget's sign-in (docs/widget.md, "Signing in inside the panel"): the host product's
 * identify token, checked and used up exactly as for the /sso link (features/identify), becomes a
 * widget session: a bearer token for the panel's requests, not a cookie.
 */
import { identifyAppError, identifyFailureOf, identifyPerson } from '@/features/identify/server/service';
import { db } from '@/server/db/client';
import { createWidgetSession } from '@/server/identity/widget-sessions';
import type { WidgetSession } from '../schema';

export async function startWidgetSession(token: string, ip: string): Promise<WidgetSession> {
  let user: { id: string; displayName: string };
  try {
    ({ user } = await identifyPerson(token, ip));
  } catch (err) {
    const reason = identifyFailureOf(err);
    throw reason ? identifyAppError(reason) : err;
  }
  const session = await createWidgetSession(db(), user.id, ip);
  return { token: session.token, expiresAt: session.expiresAt.toISOString(), user };
}

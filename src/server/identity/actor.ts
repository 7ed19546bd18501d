import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiKeyScope } from '@/core/identity/api-keys';
import type { Role } from '@/core/identity/roles';
import type { Locale } from '@/core/i18n/locales';
import { needsFreshReads } from './fresh-reads';
import { getSessionUser } from './sessions';

/** Who is making a request. Policies decide from this alone. */
export type Actor =
  /**
   * `freshReads`: never answered from the visitor caches (src/server/cache), because this
   * browser made a write moments ago (the recent-write cookie) or the answer is being recorded.
   */
  | { kind: 'visitor'; freshReads?: true }
  | {
      kind: 'user';
      id: string;
      role: Role;
      displayName: string;
      email: string;
      emailVerified: boolean;
      avatarUrl: string | null;
      /** Their own language setting (users.locale); null or absent: chosen per request (src/server/i18n). */
      locale?: Locale | null;
      /** The session's token hash; empty for a request made with an API key. */
      sessionHash: string;
      /**
       * Set when the request was made with an API key: the actor is then the key's creator, with
       * the role the key's scope allows (src/server/identity/api-keys.ts).
       */
      apiKey?: { id: string; name: string; scope: ApiKeyScope };
      /**
       * Set when the request was made from the embedded widget's panel with its bearer token
       * (src/server/identity/widget-sessions.ts): the member themselves, limited to the widget's
       * endpoints (`widget: true` in src/server/http/route.ts). Holds the token's hash, to sign out.
       */
      widgetSessionHash?: string;
    };

export type UserActor = Extract<Actor, { kind: 'user' }>;

export const VISITOR: Actor = { kind: 'visitor' };
const FRESH_VISITOR: Actor = { kind: 'visitor', freshReads: true };

/** The visitor actor of a request without a valid session. */
export const visitorOf = (req: IncomingMessage): Actor => (needsFreshReads(req) ? FRESH_VISITOR : VISITOR);

/** Resolves the actor of a request from its session cookie, the only credential a request can carry. */
export async function resolveActor(req: IncomingMessage, res?: ServerResponse): Promise<Actor> {
  const user = await getSessionUser(req, res);
  return user ? { kind: 'user', ...user } : visitorOf(req);
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Role } from '@/core/identity/roles';
import { readsOwnWrites } from './cookies';
import { getSessionUser } from './sessions';

/** Who is making a request. Policies decide from this alone. */
export type Actor =
  /**
   * `recentWriter`: this browser made a write moments ago (the recent-write cookie), so it is
   * served fresh reads, never another instance's micro-cached copy (src/server/cache).
   */
  | { kind: 'visitor'; recentWriter?: true }
  | {
      kind: 'user';
      id: string;
      role: Role;
      displayName: string;
      email: string;
      emailVerified: boolean;
      avatarUrl: string | null;
      sessionHash: string;
    };

export type UserActor = Extract<Actor, { kind: 'user' }>;

export const VISITOR: Actor = { kind: 'visitor' };
const RECENT_WRITER: Actor = { kind: 'visitor', recentWriter: true };

/** The visitor actor of a request without a valid session. */
export const visitorOf = (req: IncomingMessage): Actor => (readsOwnWrites(req) ? RECENT_WRITER : VISITOR);

/** Resolves the actor of a request from its session cookie, the only credential a request can carry. */
export async function resolveActor(req: IncomingMessage, res?: ServerResponse): Promise<Actor> {
  const user = await getSessionUser(req, res);
  return user ? { kind: 'user', ...user } : visitorOf(req);
}

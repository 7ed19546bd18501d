import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Role } from '@/core/identity/roles';
import { getSessionUser } from './sessions';

/** Who is making a request. Policies decide from this alone. */
export type Actor =
  | { kind: 'visitor' }
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

/** Resolves the actor of a request from its session cookie, the only credential a request can carry. */
export async function resolveActor(req: IncomingMessage, res?: ServerResponse): Promise<Actor> {
  const user = await getSessionUser(req, res);
  return user ? { kind: 'user', ...user } : VISITOR;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Role } from '@/features/accounts/schema';
import { getSessionUser } from '@/features/accounts/server/sessions';
import { AppError } from './errors';

/** Who is making a request. Policies decide from this alone. */
export type Actor =
  | { kind: 'visitor' }
  | { kind: 'user'; id: string; role: Role; displayName: string; email: string; emailVerified: boolean; avatarUrl: string | null; sessionHash: string };

export type UserActor = Extract<Actor, { kind: 'user' }>;

export const VISITOR: Actor = { kind: 'visitor' };

/** Resolves the actor of a request from its session cookie, the only credential a request can carry. */
export async function resolveActor(req: IncomingMessage, res?: ServerResponse): Promise<Actor> {
  const user = await getSessionUser(req, res);
  return user ? { kind: 'user', ...user } : VISITOR;
}

/** A policy's answer: 401, 403 and 404 are distinct outcomes (SPEC.md §6). */
export type Decision = 'allow' | 'unauthenticated' | 'forbidden' | 'hidden';

export const anyone = (): Decision => 'allow';

/** The signed-in person behind a request whose policy has already turned visitors away. */
export function signedInActor(actor: Actor): UserActor {
  if (actor.kind !== 'user') throw new AppError('UNAUTHENTICATED');
  return actor;
}

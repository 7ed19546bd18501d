import type { IncomingMessage } from 'node:http';
import type { Role } from '@/features/accounts/schema';

/** Who is making a request. Policies decide from this alone. */
export type Actor = { kind: 'visitor' } | { kind: 'user'; id: string; role: Role; displayName: string };

export const VISITOR: Actor = { kind: 'visitor' };

/**
 * Resolves the actor of a request. Until accounts exist every request is a visitor; the
 * accounts feature plugs its session and API-key lookup in here.
 */
export async function resolveActor(_req: IncomingMessage): Promise<Actor> {
  return VISITOR;
}

/** A policy's answer: 401, 403 and 404 are distinct outcomes (SPEC.md §6). */
export type Decision = 'allow' | 'unauthenticated' | 'forbidden' | 'hidden';

export const anyone = (): Decision => 'allow';

/**
 * API key scopes (SPEC.md §6, issue 12), defined once: the zod enum, the column's check, the
 * labels and the role a key acts with all derive from this list. Browser-safe.
 */
import type { Role } from './roles';

export const API_KEY_SCOPES = ['read', 'write', 'admin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope may do, in the words the admin page and the docs use. */
export const API_KEY_SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  read: 'Reads everything a moderator can see (private boards, internal notes, voters); changes nothing.',
  write: 'Everything a moderator can do: post, comment and vote (also for customers), triage, moderate.',
  admin: 'Everything an admin can do through the API, including boards, statuses, members and settings.',
};

/** The role a key acts with: its scope's role, never more than its creator's current role. */
export function apiKeyRole(scope: ApiKeyScope, creatorRole: Role): Role {
  const scopeRole: Role = scope === 'admin' ? 'admin' : 'moderator';
  const rank = (r: Role) => (r === 'admin' ? 2 : r === 'moderator' ? 1 : 0);
  return rank(creatorRole) < rank(scopeRole) ? creatorRole : scopeRole;
}

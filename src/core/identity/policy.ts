/**
 * SPEC.md §6 as pure functions. The server enforces them; the UI uses the same functions to
 * hide controls it may not offer. Each answers a Decision: 'unauthenticated' (401) for a
 * visitor who must sign in, 'forbidden' (403) for a signed-in user without the right, and
 * 'hidden' (404) where even the existence of the thing must not leak.
 */
import type { Role } from './roles';

export type PolicyActor = { kind: 'visitor' } | { kind: 'user'; id: string; role: Role };
/** A policy's answer: 401, 403 and 404 are distinct outcomes (SPEC.md §6). */
export type Decision = 'allow' | 'unauthenticated' | 'forbidden' | 'hidden';

/** A policy that decides from the actor alone: what an API endpoint names as its `authorize`. */
export type Policy = (actor: PolicyActor) => Decision;

/**
 * A policy that answers 'unauthenticated' to every visitor, so that passing it proves the actor
 * is signed in: an endpoint authorized by one receives a signed-in actor (its type says so, and
 * the pipeline checks it again).
 */
export type SignedInPolicy<F extends (actor: PolicyActor, ...rest: never[]) => Decision = Policy> = F & { readonly signedInOnly: true };

function signedInOnly<F extends (actor: PolicyActor, ...rest: never[]) => Decision>(policy: F): SignedInPolicy<F> {
  return Object.assign(policy, { signedInOnly: true as const });
}

/** Anyone at all: public reads (still subject to the workspace's access, SPEC.md §6). */
export const anyone: Policy = () => 'allow';

/** Members may edit their own content for this long (SPEC.md §9). */
export const MEMBER_EDIT_WINDOW_MS = 30 * 60 * 1000;

const isTeam = (role: Role) => role === 'moderator' || role === 'admin';
const signedIn = (actor: PolicyActor, check: (a: Extract<PolicyActor, { kind: 'user' }>) => boolean): Decision =>
  actor.kind === 'visitor' ? 'unauthenticated' : check(actor) ? 'allow' : 'forbidden';

export function isTeamMember(actor: PolicyActor): boolean {
  return actor.kind === 'user' && isTeam(actor.role);
}

/** Any signed-in person; what they may then do is decided with the thing they act on. */
export const isSignedIn = signedInOnly(function isSignedIn(actor: PolicyActor): Decision {
  return actor.kind === 'user' ? 'allow' : 'unauthenticated';
});

/** Public boards, the roadmap and the changelog: anyone, unless the workspace requires sign-in. */
export function canReadWorkspace(actor: PolicyActor, workspace: { access: 'public' | 'sign_in_required' }): Decision {
  if (workspace.access === 'public') return 'allow';
  return actor.kind === 'user' ? 'allow' : 'unauthenticated';
}

/** A private board: the team, and members it was granted to; to everyone else it does not exist. */
export function canReadBoard(
  actor: PolicyActor,
  board: { visibility: 'public' | 'private'; grantedUserIds?: readonly string[] },
  workspace: { access: 'public' | 'sign_in_required' },
): Decision {
  const base = canReadWorkspace(actor, workspace);
  if (base !== 'allow') return base;
  if (board.visibility === 'public') return 'allow';
  if (actor.kind === 'user' && (isTeam(actor.role) || board.grantedUserIds?.includes(actor.id))) return 'allow';
  return 'hidden';
}

/** Post, vote, comment, subscribe: signed-in users, as the board's posting policy permits. */
export function canParticipate(actor: PolicyActor, board: { posting: 'members' | 'team'; archived: boolean }): Decision {
  return signedIn(actor, (a) => !board.archived && (board.posting === 'members' || isTeam(a.role)));
}

export interface OwnedContent {
  authorId: string | null;
  authorRole?: Role | null;
  createdAt: Date;
  /** Posts only: set once the post has had a status change. */
  statusChangedAt?: Date | null;
}

/** Members edit their own posts and comments for 30 minutes and until the post gets a status change; the team edits anyone's (moderators not admins'). */
export function canEditContent(actor: PolicyActor, content: OwnedContent, now = new Date()): Decision {
  return signedIn(actor, (a) => {
    if (a.role === 'admin') return true;
    if (a.role === 'moderator') return content.authorRole !== 'admin' || content.authorId === a.id;
    return content.authorId === a.id && now.getTime() - content.createdAt.getTime() <= MEMBER_EDIT_WINDOW_MS && !content.statusChangedAt;
  });
}

/** Anyone deletes their own content; the team deletes anyone's (moderators not admins'). */
export function canDeleteContent(actor: PolicyActor, content: OwnedContent): Decision {
  return signedIn(actor, (a) => {
    if (content.authorId === a.id || a.role === 'admin') return true;
    return a.role === 'moderator' && content.authorRole !== 'admin';
  });
}

/** Set status and tags, pin, merge, approve, write internal notes, vote on behalf of someone. */
export const canModerate = signedInOnly(function canModerate(actor: PolicyActor): Decision {
  return signedIn(actor, (a) => isTeam(a.role));
});

/**
 * Ban or unban a person: admins anyone but themselves; moderators members only (not other
 * moderators, not admins: only admins manage the team).
 */
export function canBan(actor: PolicyActor, target: { id: string; role: Role }): Decision {
  return signedIn(actor, (a) => a.id !== target.id && (a.role === 'admin' || (a.role === 'moderator' && target.role === 'member')));
}

/** Write and publish changelog entries. */
export const canWriteChangelog = signedInOnly(function canWriteChangelog(actor: PolicyActor): Decision {
  return signedIn(actor, (a) => isTeam(a.role));
});

/** Boards, statuses, roles, settings, API keys, webhooks, import/export and the audit log. */
export const canAdminister = signedInOnly(function canAdminister(actor: PolicyActor): Decision {
  return signedIn(actor, (a) => a.role === 'admin');
});

/** The team area (/admin) as a whole: moderators and admins. */
export const canEnterTeamArea = signedInOnly(function canEnterTeamArea(actor: PolicyActor): Decision {
  return signedIn(actor, (a) => isTeam(a.role));
});

/** One's own account and settings. */
export const canManageOwnAccount = signedInOnly(function canManageOwnAccount(actor: PolicyActor): Decision {
  return signedIn(actor, () => true);
});

/**
 * The team's member management: the member list, roles, bans and invitations (SPEC.md §4, §6).
 * Every change locks the active admins' rows first (one lock order for every change, so two
 * changes cannot deadlock), then the person changed, so "keep at least one admin" holds even
 * when two admins act at the same moment.
 */
import { canAdminister, canBan, type PolicyActor } from '@/core/identity/policy';
import type { Role } from '@/core/identity/roles';
import { endUserSessions } from '@/server/identity/sessions';
import { recordAudit } from '@/features/audit/server/service';
import { db, type DbOrTx } from '@/server/db/client';
import { requireAllowed } from '@/server/identity/authorize';
import { isUuid, requireCursor, timeIdCursor } from '@/server/http/cursor';
import { AppError } from '@/server/http/errors';
import type { Member, MemberListQuery, MemberPage } from '../schema';
import {
  getMemberForUpdate,
  listActiveTeam,
  listMembers,
  lockActiveAdminIds,
  updateMember,
  type MemberKey,
  type MemberRow,
} from './queries';

/** Who is acting: a signed-in person (their session was resolved by the pipeline). */
export interface ActingUser {
  id: string;
  role: Role;
  displayName: string;
}

const asPolicyActor = (a: ActingUser): PolicyActor => ({ kind: 'user', id: a.id, role: a.role });

export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    displayName: row.displayName,
    email: row.email,
    avatarUrl: row.avatarUrl,
    role: row.role,
    state: row.bannedAt ? 'banned' : row.emailVerifiedAt ? 'active' : 'unverified',
    joinedAt: row.createdAt.toISOString(),
  };
}

/** The member list's cursor: the last row's exact (created_at, id). */
const memberCursor = timeIdCursor(isUuid);

/** Whether a page link's cursor is one of the member list's (the page ignores one that is not). */
export const isMemberCursor = (cursor: string): boolean => memberCursor.decode(cursor) !== null;

/** One page of the member list, newest first. */
export async function listMemberPage(query: MemberListQuery): Promise<MemberPage> {
  const after: MemberKey | undefined = query.cursor ? requireCursor(memberCursor, query.cursor) : undefined;
  const rows = await listMembers(db(), { q: query.q, after, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toMember),
    nextCursor: rows.length > query.limit && last ? memberCursor.encode({ createdAt: last.createdAtKey, id: last.id }) : null,
  };
}

const isLastAdmin = (activeAdminIds: readonly string[], userId: string) => activeAdminIds.length <= 1 && activeAdminIds.includes(userId);

/** Why canBan refused: oneself, or (for a moderator) someone on the team. */
const banRefusal = (actor: ActingUser, target: MemberRow, verb: 'ban' | 'unban') =>
  target.id === actor.id
    ? `You cannot ${verb} yourself.`
    : `Only admins can ${verb} ${target.role === 'admin' ? 'an admin' : 'a moderator'}.`;

/** Locks the admins, then the person; 404 when there is no such person. */
async function lockForChange(tx: DbOrTx, id: string): Promise<{ admins: string[]; target: MemberRow }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const admins = await lockActiveAdminIds(tx);
  const target = await getMemberForUpdate(tx, id);
  if (!target) throw new AppError('NOT_FOUND');
  return { admins, target };
}

/** Admins change anyone's role, their own included, as long as an admin remains. Ends that person's sessions. */
export async function changeMemberRole(actor: ActingUser, id: string, role: Role, ip: string): Promise<Member> {
  requireAllowed(canAdminister(asPolicyActor(actor)));
  const { member, changed } = await db().transaction(async (tx) => {
    const { admins, target } = await lockForChange(tx, id);
    if (target.role === role) return { member: toMember(target), changed: false };
    if (role !== 'admin' && isLastAdmin(admins, target.id)) throw new AppError('LAST_ADMIN');
    const updated = await updateMember(tx, target.id, { role });
    await recordAudit(
      { actor, action: 'member.role_changed', targetType: 'user', targetId: target.id, before: { role: target.role }, after: { role }, ip },
      tx,
    );
    return { member: toMember(updated), changed: true };
  });
  // Sessions carry no role, but a new role is a new trust level: sign the person in afresh.
  if (changed) await endUserSessions(id);
  return member;
}

/**
 * Bans a person and ends their sessions. canBan (not oneself; moderators members only) is
 * decided on the locked row, so a role changed since the caller looked is the one that counts.
 * Banning a banned person changes nothing.
 */
export async function banMember(actor: ActingUser, id: string, ip: string): Promise<Member> {
  const { member, changed } = await db().transaction(async (tx) => {
    const { admins, target } = await lockForChange(tx, id);
    requireAllowed(canBan(asPolicyActor(actor), target), banRefusal(actor, target, 'ban'));
    if (target.bannedAt) return { member: toMember(target), changed: false };
    if (isLastAdmin(admins, target.id)) throw new AppError('LAST_ADMIN');
    const updated = await updateMember(tx, target.id, { bannedAt: new Date() });
    const after = toMember(updated);
    await recordAudit(
      {
        actor,
        action: 'member.banned',
        targetType: 'user',
        targetId: target.id,
        before: { state: toMember(target).state },
        after: { state: after.state },
        ip,
      },
      tx,
    );
    return { member: after, changed: true };
  });
  if (changed) await endUserSessions(id);
  return member;
}

/** Lifts a ban (same rule as banning). Unbanning someone who is not banned changes nothing. */
export async function unbanMember(actor: ActingUser, id: string, ip: string): Promise<Member> {
  return db().transaction(async (tx) => {
    const { target } = await lockForChange(tx, id);
    requireAllowed(canBan(asPolicyActor(actor), target), banRefusal(actor, target, 'unban'));
    if (!target.bannedAt) return toMember(target);
    const after = toMember(await updateMember(tx, target.id, { bannedAt: null }));
    await recordAudit(
      {
        actor,
        action: 'member.unbanned',
        targetType: 'user',
        targetId: target.id,
        before: { state: 'banned' },
        after: { state: after.state },
        ip,
      },
      tx,
    );
    return after;
  });
}

/**
 * An admin vouches for a person's address (a workspace that cannot send email has no other way
 * to confirm one). The person keeps the password they chose at sign-up: unlike a confirmation
 * link, this is the admin's judgement that the address is theirs, so the rule that removes a
 * password set by someone else (accounts/server/address-proof.ts) does not apply. Confirming a
 * confirmed address changes nothing.
 */
export async function markMemberVerified(actor: ActingUser, id: string, ip: string): Promise<Member> {
  requireAllowed(canAdminister(asPolicyActor(actor)));
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  return db().transaction(async (tx) => {
    const target = await getMemberForUpdate(tx, id);
    if (!target) throw new AppError('NOT_FOUND');
    if (target.emailVerifiedAt) return toMember(target);
    const after = toMember(await updateMember(tx, target.id, { emailVerifiedAt: new Date() }));
    await recordAudit(
      {
        actor,
        action: 'member.email_verified',
        targetType: 'user',
        targetId: target.id,
        before: { emailVerified: false },
        after: { emailVerified: true },
        ip,
      },
      tx,
    );
    return after;
  });
}

/** A team member a post can be given to (an owner). */
export interface TeamMate {
  id: string;
  displayName: string;
  avatarUrl: string | null;
}

/** The team who can own posts: moderators and admins who are not banned or deleted. */
export function listTeamMates(tx: DbOrTx = db()): Promise<TeamMate[]> {
  return listActiveTeam(tx);
}

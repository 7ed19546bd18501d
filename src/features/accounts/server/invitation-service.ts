/**
 * Invitations (SPEC.md §3): an admin invites someone by email, with the role they will have.
 *
 * The link's token is kept hashed, so the link exists only in the answer to whoever made it. A
 * pending invitation's link cannot be shown again: "copy link" and "resend" replace it with a new
 * one (the old one stops working) under the same invitation id. One invitation per address:
 * inviting an address again replaces its pending invitation.
 */
import { randomUUID } from 'node:crypto';
import { env } from '@/config/env';
import { presentPerson } from '@/core/identity/person';
import { canAdminister } from '@/core/identity/policy';
import { ROLES, type Role } from '@/core/identity/roles';
import { recordAudit } from '@/features/audit/server/service';
import { PENDING_INVITATIONS_LIMIT, type Invitation, type PendingInvitation, type PendingInvitationList } from '../schema';
import { db, type DbOrTx } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import type { UserActor } from '@/server/identity/actor';
import { requireAllowed } from '@/server/identity/authorize';
import { AUTH_TOKEN_TTL_SECONDS } from '@/server/identity/lifetimes';
import { issueAuthToken } from '@/server/identity/tokens';
import { enqueueEmail, kickEmailDelivery, withdrawUnsentEmails } from '@/server/mail/outbox';
import { smtpConfigured } from '@/server/mail/transport';
import { getPublicWorkspace } from '@/server/workspace';
import type { PublicWorkspace } from '@/core/workspace';
import { accountEmails, invitationPath } from './emails';
import { deleteUnusedInvitations, listPendingInvitations, lockPendingInvitation, type PendingInvitationRow } from './invitation-queries';
import { getUserByEmail } from './queries';

const roleOf = (data: Record<string, unknown>): Role =>
  (ROLES as readonly unknown[]).includes(data.role) ? (data.role as Role) : 'member';

interface Issue {
  id: string;
  email: string;
  role: Role;
  /** Whether to email the link (the invitation email, queued in the outbox). */
  send: boolean;
}

/**
 * In `tx`: ends every earlier link to the address (and withdraws its unsent invitation emails,
 * whose link would no longer work), makes the new link, and queues its email when asked.
 */
async function issueInvitation(tx: DbOrTx, actor: UserActor, workspace: PublicWorkspace, issue: Issue): Promise<Invitation> {
  await deleteUnusedInvitations(tx, issue.email);
  await withdrawUnsentEmails(tx, issue.email, 'invite');
  const expiresAt = new Date(Date.now() + AUTH_TOKEN_TTL_SECONDS.invite * 1000);
  const token = await issueAuthToken(tx, 'invite', {
    userId: null,
    email: issue.email,
    data: { role: issue.role, invitationId: issue.id, invitedBy: actor.id },
    expiresAt,
  });
  if (issue.send) {
    await enqueueEmail(accountEmails.invite(issue.email, workspace, token, actor.displayName, workspace.defaultLocale), tx);
  }
  return {
    id: issue.id,
    email: issue.email,
    role: issue.role,
    expiresAt: expiresAt.toISOString(),
    link: `${env().PUBLIC_URL}${invitationPath(token)}`,
    delivery: issue.send ? (smtpConfigured() ? 'queued' : 'smtp_off') : 'none',
  };
}

/**
 * Invites someone by email with a role, and emails them the sign-up link. Signing up through it
 * creates the account with that role, already verified. Answers the link (for the admin to pass
 * on when no SMTP server is configured).
 */
export async function inviteMember(actor: UserActor, input: { email: string; role: Role }, ip: string): Promise<Invitation> {
  requireAllowed(canAdminister(actor));
  if (await getUserByEmail(db(), input.email)) {
    throw new AppError('CONFLICT', 'This person already has an account.', {
      fields: { email: 'This person already has an account.' },
      reason: 'alreadyMember',
    });
  }
  const workspace = await getPublicWorkspace();
  const invitation = await db().transaction(async (tx) => {
    const made = await issueInvitation(tx, actor, workspace, { id: randomUUID(), email: input.email, role: input.role, send: true });
    await recordAudit(
      {
        actor,
        action: 'member.invited',
        targetType: 'invitation',
        targetId: input.email,
        after: { email: input.email, role: input.role },
        ip,
      },
      tx,
    );
    return made;
  });
  kickEmailDelivery();
  return invitation;
}

/** Who made the link, as others see people (a deleted account is "Deleted user"). */
function inviterOf(r: PendingInvitationRow): PendingInvitation['invitedBy'] {
  const person = presentPerson(r.inviterId ? { id: r.inviterId, displayName: r.inviterName, deleted: r.inviterDeletedAt !== null } : null);
  return { id: person.id, displayName: person.displayName };
}

/** The pending invitations, newest first (at most PENDING_INVITATIONS_LIMIT), for admins. */
export async function listInvitations(actor: UserActor): Promise<PendingInvitationList> {
  requireAllowed(canAdminister(actor));
  const { rows, total } = await listPendingInvitations(db(), PENDING_INVITATIONS_LIMIT);
  return {
    total,
    items: rows.map((r): PendingInvitation => ({
      id: r.id,
      email: r.email,
      role: roleOf(r.data),
      invitedBy: typeof r.data.invitedBy === 'string' ? inviterOf(r) : null,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
    })),
  };
}

const notPending = () => new AppError('NOT_FOUND', 'No pending invitation has this id: it was used, revoked or has expired.');

/**
 * Replaces a pending invitation's link with a new one, valid for the full lifetime again; the old
 * link stops working. `send`: email the new link too (resend); otherwise only answer it.
 */
export async function reissueInvitation(actor: UserActor, id: string, send: boolean, ip: string): Promise<Invitation> {
  requireAllowed(canAdminister(actor));
  const workspace = await getPublicWorkspace();
  const invitation = await db().transaction(async (tx) => {
    const current = await lockPendingInvitation(tx, id);
    if (!current) throw notPending();
    const role = roleOf(current.data);
    const made = await issueInvitation(tx, actor, workspace, { id, email: current.email, role, send });
    await recordAudit(
      {
        actor,
        action: 'member.invitation_reissued',
        targetType: 'invitation',
        targetId: current.email,
        after: { email: current.email, role, emailed: send },
        ip,
      },
      tx,
    );
    return made;
  });
  if (send) kickEmailDelivery();
  return invitation;
}

/** Revokes a pending invitation: its link stops working and its unsent email is withdrawn. */
export async function revokeInvitation(actor: UserActor, id: string, ip: string): Promise<void> {
  requireAllowed(canAdminister(actor));
  await db().transaction(async (tx) => {
    const current = await lockPendingInvitation(tx, id);
    if (!current) throw notPending();
    await deleteUnusedInvitations(tx, current.email);
    await withdrawUnsentEmails(tx, current.email, 'invite');
    await recordAudit(
      {
        actor,
        action: 'member.invitation_revoked',
        targetType: 'invitation',
        targetId: current.email,
        before: { email: current.email, role: roleOf(current.data) },
        ip,
      },
      tx,
    );
  });
}

/**
 * The customers a team member or an API key acts for (SPEC.md §1: "vote on behalf"; issue 12:
 * API keys acting for customers): found by external id first, then by email, or created as a
 * member without a password (email unverified; they can claim the account through "email me a
 * link" or a password reset). Also the people a host product signs in with an identify token
 * (src/features/identify): the same order, but their address counts as confirmed.
 */
import { eq } from 'drizzle-orm';
import { recordAudit, type AuditEntry } from '@/features/audit/server/service';
import type { DbOrTx } from '@/server/db/client';
import { sessions, users } from '@/server/db/schema';
import { AppError } from '@/server/http/errors';
import type { ErrorReason } from '@/lib/error-codes';
import { canModerate } from '@/core/identity/policy';
import type { Role } from '@/core/identity/roles';
import { requireAllowed } from '@/server/identity/authorize';

export type CustomerRow = typeof users.$inferSelect;

export interface CustomerRef {
  email: string;
  /** For a new account only; default: the local part of the address. */
  name?: string;
  externalId?: string;
}

/** The local part of an address as a display name (`jane.doe@x` → `jane.doe`), within 50 characters. */
export function nameFromEmail(email: string): string {
  const local = email.split('@')[0]?.trim() ?? '';
  return (local || email).slice(0, 50);
}

const conflict = (message: string, reason: ErrorReason) => new AppError('CONFLICT', message, { fields: { email: message }, reason });

async function byExternalId(tx: DbOrTx, externalId: string): Promise<CustomerRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.externalId, externalId)).limit(1);
  return row;
}

async function byEmail(tx: DbOrTx, email: string): Promise<CustomerRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/**
 * The customer's account, created if needed (and audited as `createdAction`, in `tx`). Refused:
 * a team member (acting for a customer must never speak as the team), a banned or deleted
 * account, and linking an external id to an account found by email that already has one or that
 * its owner signs in to (a password or a confirmed address: the key holder's id would then stand
 * in the way of the person's own identify sign-in). An account the team created for a customer
 * (no password, address never confirmed, no external id) is linked to the one given.
 */
export async function findOrCreateCustomer(
  tx: DbOrTx,
  customer: CustomerRef,
  audit: { actor: AuditEntry['actor']; createdAction: 'member.created_for_vote' | 'member.created_for_customer'; ip?: string },
): Promise<{ user: CustomerRow; created: boolean }> {
  let user = customer.externalId ? await byExternalId(tx, customer.externalId) : undefined;
  let created = false;
  if (!user) {
    const [inserted] = await tx
      .insert(users)
      .values({
        email: customer.email,
        displayName: customer.name ?? nameFromEmail(customer.email),
        role: 'member',
        passwordHash: null,
        emailVerifiedAt: null,
        externalId: customer.externalId ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      user = inserted;
      created = true;
    } else {
      // Someone else holds the email, or (a concurrent request) the external id.
      user = (customer.externalId ? await byExternalId(tx, customer.externalId) : undefined) ?? (await byEmail(tx, customer.email));
      if (!user) throw conflict('This customer could not be recorded; try again.', 'customerNotRecorded');
    }
  }
  refuseUnfitCustomer(user);
  if (customer.externalId && user.externalId !== customer.externalId) {
    if (user.externalId !== null)
      throw conflict('This email address belongs to a customer with another external id.', 'customerOtherExternalId');
    if (user.passwordHash !== null || user.emailVerifiedAt !== null)
      throw conflict(
        'This email address belongs to an account its owner signs in to: it cannot be linked to an external id.',
        'customerOwnAccount',
      );
    [user] = await tx.update(users).set({ externalId: customer.externalId }).where(eq(users.id, user.id)).returning();
  }
  if (created) {
    await recordAudit(
      {
        actor: audit.actor,
        action: audit.createdAction === 'member.created_for_vote' ? 'member.created_for_vote' : 'member.created_for_customer',
        targetType: 'user',
        targetId: user!.id,
        after: { email: user!.email, displayName: user!.displayName, ...(user!.externalId ? { externalId: user!.externalId } : {}) },
        ip: audit.ip,
      },
      tx,
    );
  }
  return { user: user!, created };
}

/** What no one may act for: a team member (their words would carry the team's badge), a deleted or banned account. */
function refuseUnfitCustomer(user: CustomerRow): void {
  if (user.role !== 'member') {
    throw new AppError('FORBIDDEN', 'This email address or external id belongs to a team member: only customers can be acted for.', {
      reason: 'customerIsTeam',
    });
  }
  if (user.deletedAt) throw conflict('This account was deleted.', 'customerDeleted');
  if (user.bannedAt) throw conflict('This person is banned.', 'customerBanned');
}

/**
 * Who may name a customer with `onBehalfOf`: an API key (the write or admin scope: a read key
 * never gets this far) acting with a team role. People signed in keep their own rules (the
 * team's "vote on behalf" has its own endpoint).
 */
export function requireCustomerActor(actor: { role: Role; apiKey?: { id: string } }): void {
  if (!actor.apiKey) throw new AppError('FORBIDDEN', 'Only an API key can act on behalf of a customer.');
  requireAllowed(canModerate({ kind: 'user', id: '', role: actor.role }));
}

/** Why an identified person is not signed in (the identify feature's messages name each). */
export type IdentifyRefusal = 'team_account' | 'email_conflict' | 'banned';

export class IdentifyRefused extends Error {
  constructor(readonly reason: IdentifyRefusal) {
    super(`identify refused: ${reason}`);
    this.name = 'IdentifyRefused';
  }
}

export interface IdentifiedPerson {
  externalId: string;
  email: string;
  name?: string;
  avatarUrl?: string;
}

/**
 * Refuses what an identify token must never sign in as: a banned account, and a team member
 * (moderators and admins sign in with their own credentials: a host product's user records, or a
 * bug in its token code, must not be a way into the team's powers).
 */
function refuseUnfit(user: CustomerRow): void {
  if (user.bannedAt || user.deletedAt) throw new IdentifyRefused('banned');
  if (user.role !== 'member') throw new IdentifyRefused('team_account');
}

/**
 * The member a host product's identify token names (docs/identify.md), found by external id
 * first, then by email, or created without a password; updated with the host's name and avatar.
 *
 * The host signed the address with the workspace's secret, and the workspace trusts its own host:
 * the address counts as confirmed, so an account found by it is linked. An account whose address
 * was never confirmed loses any password it had (whoever set it never proved the address, the
 * pre-hijack case of docs/decisions/015-pre-hijacked-accounts.md) and its sessions. An account already linked to another
 * external id is not taken over (`email_conflict`). Deleted accounts cannot be found: deletion
 * erased their address and external id, so the person starts a new, empty account.
 */
export async function findOrCreateIdentifiedMember(
  tx: DbOrTx,
  person: IdentifiedPerson,
  ip?: string,
  retried = false,
): Promise<{ user: CustomerRow; created: boolean; linkedBy: 'external_id' | 'email' | 'new' }> {
  const now = new Date();
  const byId = await byExternalId(tx, person.externalId);
  if (byId) {
    refuseUnfit(byId);
    const emailFree = person.email !== byId.email && !(await byEmail(tx, person.email));
    const sameEmail = person.email === byId.email;
    const [user] = await tx
      .update(users)
      .set({
        displayName: person.name ?? byId.displayName,
        avatarUrl: person.avatarUrl ?? byId.avatarUrl,
        // The host's new address, unless another account holds it (that one stays as it is).
        ...(emailFree ? { email: person.email, emailVerifiedAt: now } : {}),
        ...(sameEmail && !byId.emailVerifiedAt ? { emailVerifiedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, byId.id))
      .returning();
    return { user: user!, created: false, linkedBy: 'external_id' };
  }

  const found = await byEmail(tx, person.email);
  if (found) {
    refuseUnfit(found);
    if (found.externalId !== null && found.externalId !== person.externalId) throw new IdentifyRefused('email_conflict');
    const unconfirmedPassword = !found.emailVerifiedAt && found.passwordHash !== null;
    const [user] = await tx
      .update(users)
      .set({
        externalId: person.externalId,
        displayName: person.name ?? found.displayName,
        avatarUrl: person.avatarUrl ?? found.avatarUrl,
        emailVerifiedAt: found.emailVerifiedAt ?? now,
        ...(unconfirmedPassword ? { passwordHash: null } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, found.id))
      .returning();
    if (unconfirmedPassword) {
      await tx.delete(sessions).where(eq(sessions.userId, found.id));
      await recordAudit(
        {
          actor: { id: found.id, displayName: user!.displayName },
          action: 'user.unconfirmed_password_cleared',
          targetType: 'user',
          targetId: found.id,
          ip,
        },
        tx,
      );
    }
    return { user: user!, created: false, linkedBy: 'email' };
  }

  const [inserted] = await tx
    .insert(users)
    .values({
      email: person.email,
      displayName: person.name ?? nameFromEmail(person.email),
      avatarUrl: person.avatarUrl ?? null,
      role: 'member',
      passwordHash: null,
      emailVerifiedAt: now,
      externalId: person.externalId,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    // A concurrent sign-in of the same person created it first: it is found now.
    if (retried) throw conflict('This person could not be recorded; try again.', 'customerNotRecorded');
    return findOrCreateIdentifiedMember(tx, person, ip, true);
  }
  await recordAudit(
    {
      actor: { id: inserted.id, displayName: inserted.displayName },
      action: 'user.joined_by_identify',
      targetType: 'user',
      targetId: inserted.id,
      after: { email: inserted.email, displayName: inserted.displayName, externalId: person.externalId },
      ip,
    },
    tx,
  );
  return { user: inserted, created: true, linkedBy: 'new' };
}

/**
 * The customers a team member or an API key acts for (SPEC.md §1: "vote on behalf"; issue 12:
 * API keys acting for customers): found by external id first, then by email, or created as a
 * member without a password (email unverified; they can claim the account through "email me a
 * link" or a password reset).
 */
import { eq } from 'drizzle-orm';
import { recordAudit, type AuditEntry } from '@/features/audit/server/service';
import type { DbOrTx } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { AppError } from '@/server/http/errors';
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

const conflict = (message: string, field = 'email') => new AppError('CONFLICT', message, { fields: { [field]: message } });

async function byExternalId(tx: DbOrTx, externalId: string): Promise<CustomerRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.externalId, externalId)).limit(1);
  return row;
}

async function byEmail(tx: DbOrTx, email: string): Promise<CustomerRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/**
 * The customer's account, created if needed (and audited as `createdAction`, in `tx`). An
 * account found by email that has no external id yet is linked to the one given; one with a
 * different external id is a conflict, as are banned and deleted accounts.
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
      if (!user) throw conflict('This customer could not be recorded; try again.');
      if (customer.externalId && user.externalId !== customer.externalId) {
        if (user.externalId !== null) throw conflict('This email address belongs to a customer with another external id.');
        [user] = await tx.update(users).set({ externalId: customer.externalId }).where(eq(users.id, user.id)).returning();
      }
    }
  }
  if (user!.deletedAt) throw conflict('This account was deleted.');
  if (user!.bannedAt) throw conflict('This person is banned.');
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

/**
 * Who may name a customer with `onBehalfOf`: an API key (the write or admin scope: a read key
 * never gets this far) acting with a team role. People signed in keep their own rules (the
 * team's "vote on behalf" has its own endpoint).
 */
export function requireCustomerActor(actor: { role: Role; apiKey?: { id: string } }): void {
  if (!actor.apiKey) throw new AppError('FORBIDDEN', 'Only an API key can act on behalf of a customer.');
  requireAllowed(canModerate({ kind: 'user', id: '', role: actor.role }));
}

/** Invitations (SPEC.md §3): an admin invites someone by email, with the role they will have. */
import { canAdminister } from '@/core/identity/policy';
import type { Role } from '@/core/identity/roles';
import { recordAudit } from '@/features/audit/server/service';
import type { Invitation } from '../schema';
import { db } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import type { UserActor } from '@/server/identity/actor';
import { requireAllowed } from '@/server/identity/authorize';
import { AUTH_TOKEN_TTL_SECONDS } from '@/server/identity/lifetimes';
import { issueAuthToken } from '@/server/identity/tokens';
import { enqueueEmail, kickEmailDelivery } from '@/server/mail/outbox';
import { getPublicWorkspace } from '@/server/workspace';
import { accountEmails } from './emails';
import { getUserByEmail } from './queries';

/**
 * Invites someone by email with a role: an `invite` token (kept hashed) and an email with the
 * sign-up link. Signing up through it creates the account with that role, already verified.
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
  const expiresAt = new Date(Date.now() + AUTH_TOKEN_TTL_SECONDS.invite * 1000);
  await db().transaction(async (tx) => {
    const token = await issueAuthToken(tx, 'invite', { userId: null, email: input.email, data: { role: input.role } });
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
    await enqueueEmail(accountEmails.invite(input.email, workspace.name, token, actor.displayName, workspace.defaultLocale), tx);
  });
  kickEmailDelivery();
  return { email: input.email, role: input.role, expiresAt: expiresAt.toISOString() };
}

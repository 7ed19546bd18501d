/**
 * Changes that need the current password: the password itself, and the sign-in address.
 * (Kept apart from profile-service.ts, which pages load for their data, so that pages never
 * pull the native argon2 module into their bundle graph.)
 */
import { z } from 'zod';
import { recordAudit } from '@/features/audit/server/service';
import { getPublicWorkspace } from '@/server/workspace';
import { db } from '@/server/db/client';
import type { UserActor } from '@/server/identity/actor';
import { AppError } from '@/server/http/errors';
import { enforceRateLimit } from '@/server/http/rate-limit';
import { enqueueEmail, kickEmailDelivery } from '@/server/mail/outbox';
import type { changeEmailInput, changePasswordInput } from '../schema';
import { accountEmails } from './emails';
import { checkPassword, hashPassword } from './passwords';
import { actorRef, currentUser } from './profile-service';
import { deleteUserSessions, revokePendingEmailChanges, setUserPasswordHash } from './profile-queries';
import { issueAuthToken } from '@/server/identity/tokens';
import { AUTH_LIMITS } from './service';

/**
 * Re-authentication for sensitive changes. A wrong password is a field error of the form
 * (422), not INVALID_CREDENTIALS: the person is already signed in, and the form can point at
 * the field. Guessing is bounded by the endpoints' per-user rate limits.
 */
async function confirmPassword(stored: string | null, password: string, field: string): Promise<void> {
  if (!(await checkPassword(stored, password))) {
    throw new AppError('VALIDATION_FAILED', 'Your password was not right.', {
      fields: { [field]: 'That is not your current password' },
      reason: 'wrongPassword',
    });
  }
}

/**
 * Sets a new password and signs out every other session of the user; this one stays. With a
 * password already, the current one must be given; without one (links only, or an unconfirmed
 * password removed when the address was proved), this sets the first.
 */
export async function changePassword(actor: UserActor, input: z.output<typeof changePasswordInput>, ip: string): Promise<void> {
  const user = await currentUser(actor);
  if (user.passwordHash) {
    if (!input.currentPassword)
      throw new AppError('VALIDATION_FAILED', undefined, { fields: { currentPassword: 'Enter your current password' } });
    await confirmPassword(user.passwordHash, input.currentPassword, 'currentPassword');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db().transaction(async (tx) => {
    await setUserPasswordHash(tx, actor.id, passwordHash);
    // In the same transaction: the new password never coexists with the other sessions.
    await deleteUserSessions(tx, actor.id, actor.sessionHash);
    const action = user.passwordHash ? 'user.password_changed' : 'user.password_set';
    await recordAudit({ actor: actorRef(actor), action, targetType: 'user', targetId: actor.id, ip }, tx);
  });
}

/**
 * Starts an email change: a single-use link goes to the new address, and the account keeps
 * its current address until the link is followed (verifyEmail applies it). The answer is the
 * same whether or not another account uses the new address; that surfaces only when the link
 * is followed (409 CONFLICT), so this form cannot be used to find out who has an account.
 */
export async function requestEmailChange(
  actor: UserActor,
  input: z.output<typeof changeEmailInput>,
  ip: string,
): Promise<{ pendingEmail: string }> {
  const user = await currentUser(actor);
  await confirmPassword(user.passwordHash, input.password, 'password');
  if (input.email === user.email) {
    throw new AppError('VALIDATION_FAILED', undefined, { fields: { email: 'This is already your email address' } });
  }
  // Bounds how often anyone can make Chorus write to one address (shared with sign-up and resets).
  await enforceRateLimit(AUTH_LIMITS.emailPerAddress, input.email);
  const workspace = await getPublicWorkspace();
  await db().transaction(async (tx) => {
    await revokePendingEmailChanges(tx, actor.id);
    const token = await issueAuthToken(tx, 'change_email', { userId: actor.id, email: input.email });
    await enqueueEmail(accountEmails.changeEmail(input.email, workspace, token, user.locale ?? workspace.defaultLocale), tx);
    await recordAudit({ actor: actorRef(actor), action: 'user.email_change_requested', targetType: 'user', targetId: actor.id, ip }, tx);
  });
  kickEmailDelivery();
  return { pendingEmail: input.email };
}

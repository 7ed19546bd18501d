/**
 * The member's own account: profile, password, email change, data export and deletion.
 * Every change and its audit event commit together; emails are queued in the same transaction.
 */
import { z } from 'zod';
import { forgetAuditPerson, recordAudit } from '@/features/audit/server/service';
import { getPublicWorkspace } from '@/features/settings/server/service';
import { db } from '@/server/db/client';
import type { UserActor } from '@/server/http/actor';
import { AppError } from '@/server/http/errors';
import { enforceRateLimit } from '@/server/http/rate-limit';
import { enqueueEmail, kickEmailDelivery } from '@/server/mail/outbox';
import type { changeEmailInput, changePasswordInput, profileInput, Viewer } from '../schema';
import { accountEmails } from './emails';
import { checkPassword, hashPassword } from './passwords';
import {
  deleteUserAuthTokens,
  deleteUserSessions,
  eraseUser,
  getPendingEmailChange,
  listUserSessionsForExport,
  lockActiveAdmins,
  revokePendingEmailChanges,
  setUserPasswordHash,
  updateUserProfile,
} from './profile-queries';
import { countActiveAdmins, getUserById, issueAuthToken } from './queries';
import { AUTH_LIMITS } from './service';

const actorRef = (actor: UserActor) => ({ id: actor.id, displayName: actor.displayName });

/** The signed-in user's row; a session of a user deleted meanwhile counts as signed out. */
async function currentUser(actor: UserActor) {
  const user = await getUserById(db(), actor.id);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

/**
 * Re-authentication for sensitive changes. A wrong password is a field error of the form
 * (422), not INVALID_CREDENTIALS: the person is already signed in, and the form can point at
 * the field. Guessing is bounded by the endpoints' per-user rate limits.
 */
async function confirmPassword(stored: string | null, password: string, field: string): Promise<void> {
  if (!(await checkPassword(stored, password))) {
    throw new AppError('VALIDATION_FAILED', 'Your password was not right.', { fields: { [field]: 'That is not your current password' } });
  }
}

export async function updateProfile(actor: UserActor, input: z.output<typeof profileInput>, ip: string): Promise<Viewer> {
  const changes = { displayName: input.displayName, ...(input.avatarUrl !== undefined ? { avatarUrl: input.avatarUrl } : {}) };
  const user = await db().transaction(async (tx) => {
    const row = await updateUserProfile(tx, actor.id, changes);
    if (!row) throw new AppError('UNAUTHENTICATED');
    await recordAudit(
      {
        actor: actorRef(actor),
        action: 'user.profile_updated',
        targetType: 'user',
        targetId: actor.id,
        before: { displayName: actor.displayName, avatarUrl: actor.avatarUrl },
        after: { displayName: row.displayName, avatarUrl: row.avatarUrl },
        ip,
      },
      tx,
    );
    return row;
  });
  return {
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    avatarUrl: user.avatarUrl,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null,
  };
}

/** Sets a new password and signs out every other session of the user; this one stays. */
export async function changePassword(actor: UserActor, input: z.output<typeof changePasswordInput>, ip: string): Promise<void> {
  const user = await currentUser(actor);
  await confirmPassword(user.passwordHash, input.currentPassword, 'currentPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db().transaction(async (tx) => {
    await setUserPasswordHash(tx, actor.id, passwordHash);
    // In the same transaction: the new password never coexists with the other sessions.
    await deleteUserSessions(tx, actor.id, actor.sessionHash);
    await recordAudit({ actor: actorRef(actor), action: 'user.password_changed', targetType: 'user', targetId: actor.id, ip }, tx);
  });
}

/**
 * Starts an email change: a single-use link goes to the new address, and the account keeps
 * its current address until the link is followed (verifyEmail applies it). The answer is the
 * same whether or not another account uses the new address; that surfaces only when the link
 * is followed (409 CONFLICT), so this form cannot be used to find out who has an account.
 */
export async function requestEmailChange(actor: UserActor, input: z.output<typeof changeEmailInput>, ip: string): Promise<{ pendingEmail: string }> {
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
    await enqueueEmail(accountEmails.changeEmail(input.email, workspace.name, token), tx);
    await recordAudit({ actor: actorRef(actor), action: 'user.email_change_requested', targetType: 'user', targetId: actor.id, ip }, tx);
  });
  kickEmailDelivery();
  return { pendingEmail: input.email };
}

export function pendingEmailChange(userId: string): Promise<string | null> {
  return getPendingEmailChange(db(), userId);
}

/** Everything Chorus keeps about the user, without secrets (no password or token hashes). */
export async function exportAccount(actor: UserActor) {
  const user = await currentUser(actor);
  const sessions = await listUserSessionsForExport(db(), actor.id, actor.sessionHash);
  return {
    format: 'chorus.account-export.v1',
    exportedAt: new Date().toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      avatarUrl: user.avatarUrl,
      role: user.role,
      emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      notificationPreferences: user.notificationPrefs,
      pendingEmailChange: await getPendingEmailChange(db(), actor.id),
    },
    sessions: sessions.map((s) => ({
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      ip: s.ip,
      userAgent: s.userAgent,
      current: Boolean(s.current),
    })),
    // Posts, comments and votes arrive with the boards; the lists are here so the format is stable.
    posts: [] as unknown[],
    comments: [] as unknown[],
    votes: [] as unknown[],
  };
}

/**
 * Deletes the account: personal data erased, the row kept (their content stays, as "Deleted
 * user"), every session and emailed link gone. The last admin cannot leave (409 LAST_ADMIN).
 */
export async function deleteAccount(actor: UserActor, ip: string): Promise<void> {
  await db().transaction(async (tx) => {
    if (actor.role === 'admin') {
      await lockActiveAdmins(tx);
      if ((await countActiveAdmins(tx)) <= 1) {
        throw new AppError('LAST_ADMIN', 'You are the only admin. Make someone else an admin before deleting your account.');
      }
    }
    await eraseUser(tx, actor.id);
    await deleteUserSessions(tx, actor.id);
    await deleteUserAuthTokens(tx, actor.id);
    await forgetAuditPerson(actor.id, tx);
    // The event keeps who (the id) and when, not the name that was just erased.
    await recordAudit({ actor: { id: actor.id, displayName: 'Deleted user' }, action: 'user.deleted', targetType: 'user', targetId: actor.id, ip }, tx);
  });
}

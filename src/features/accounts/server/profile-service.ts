/**
 * The member's own account: profile, data export and deletion (password and email changes,
 * which need the current password, are in credentials-service.ts). Every change and its audit
 * event commit together.
 */
import { DELETED_PERSON_NAME } from '@/core/identity/person';
import { z } from 'zod';
import { forgetAuditPerson, recordAudit } from '@/features/audit/server/service';
import { exportContentOf } from '@/features/posts/server/export-service';
import { forgetNotificationsOf, getPreferences } from '@/features/notifications/server/preferences-service';
import { db } from '@/server/db/client';
import type { UserActor } from '@/server/identity/actor';
import { AppError } from '@/server/http/errors';
import type { profileInput } from '../schema';
import { ACCOUNT_EXPORT_FORMAT, type AccountExport } from '../export-schema';
import type { Viewer } from '@/core/identity/viewer';
import type { Locale } from '@/core/i18n/locales';
import {
  deleteUserAuthTokens,
  deleteUserSessions,
  deleteUserSsoIdentities,
  eraseUser,
  getPendingEmailChange,
  listUserSessionsForExport,
  listUserSsoIdentities,
  lockActiveAdmins,
  updateUserLocale,
  updateUserProfile,
  userHasPassword,
} from './profile-queries';
import { countActiveAdmins, getUserById } from './queries';

export const actorRef = (actor: UserActor) => ({ id: actor.id, displayName: actor.displayName });

/** The signed-in user's row; a session of a user deleted meanwhile counts as signed out. */
export async function currentUser(actor: UserActor) {
  const user = await getUserById(db(), actor.id);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
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

/** The language of one's pages and emails; null: the browser's, then the workspace default. A preference: not audited. */
export async function setOwnLocale(actor: UserActor, locale: Locale | null): Promise<{ locale: Locale | null }> {
  if (!(await updateUserLocale(db(), actor.id, locale))) throw new AppError('UNAUTHENTICATED');
  return { locale };
}

export function pendingEmailChange(userId: string): Promise<string | null> {
  return getPendingEmailChange(db(), userId);
}

export function hasPassword(userId: string): Promise<boolean> {
  return userHasPassword(db(), userId);
}

/** Everything Chorus keeps about the user, without secrets (no password or token hashes). */
export async function exportAccount(actor: UserActor): Promise<AccountExport> {
  const user = await currentUser(actor);
  const sessions = await listUserSessionsForExport(db(), actor.id, actor.sessionHash);
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      avatarUrl: user.avatarUrl,
      role: user.role,
      locale: user.locale,
      emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      notificationPreferences: await getPreferences(actor),
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
    signInProviders: (await listUserSsoIdentities(db(), actor.id)).map((i) => ({
      provider: i.provider,
      subject: i.subject,
      linkedAt: i.createdAt.toISOString(),
      lastSignInAt: i.lastSignInAt.toISOString(),
    })),
    ...(await exportContentOf(db(), actor)),
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
        throw new AppError('LAST_ADMIN', 'You are the only admin. Make someone else an admin before deleting your account.', {
          reason: 'lastAdminSelf',
        });
      }
    }
    await eraseUser(tx, actor.id);
    await deleteUserSessions(tx, actor.id);
    await deleteUserAuthTokens(tx, actor.id);
    await deleteUserSsoIdentities(tx, actor.id);
    await forgetNotificationsOf(tx, actor.id);
    await forgetAuditPerson(actor.id, tx);
    // The event keeps who (the id) and when, not the name that was just erased.
    await recordAudit(
      { actor: { id: actor.id, displayName: DELETED_PERSON_NAME }, action: 'user.deleted', targetType: 'user', targetId: actor.id, ip },
      tx,
    );
  });
}

/**
 * Notification preferences (event kind × channel) and one-click unsubscribe. Only choices are
 * stored; a kind × channel without a row has its default (enums.ts). Team-only kinds are offered
 * to the team only.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { isTeamMember, type PolicyActor } from '@/core/identity/policy';
import { db, type DbOrTx } from '@/server/db/client';
import { notificationPreferences, notifications, users } from '@/server/db/schema';
import { AppError } from '@/server/http/errors';
import { ADMIN_KINDS, NOTIFICATION_CHANNELS, NOTIFICATION_DEFAULTS, NOTIFICATION_KINDS, TEAM_KINDS, type NotificationKind } from '../enums';
import type { Preference, UnsubscribeResult } from '../schema';
import { readUnsubscribeToken } from './unsubscribe-token';

/** The kinds this person can receive. */
export function kindsFor(actor: PolicyActor): NotificationKind[] {
  const admin = actor.kind === 'user' && actor.role === 'admin';
  return NOTIFICATION_KINDS.filter((k) => (isTeamMember(actor) || !TEAM_KINDS.includes(k)) && (admin || !ADMIN_KINDS.includes(k)));
}

/** Every kind × channel the person can receive, with its setting (their choice or the default). */
export async function getPreferences(actor: PolicyActor & { kind: 'user' }): Promise<Preference[]> {
  const chosen = await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, actor.id));
  const key = (kind: string, channel: string) => `${kind}:${channel}`;
  const map = new Map(chosen.map((p) => [key(p.kind, p.channel), p.enabled]));
  return kindsFor(actor).flatMap((kind) =>
    NOTIFICATION_CHANNELS.map((channel) => ({
      kind,
      channel,
      enabled: map.get(key(kind, channel)) ?? NOTIFICATION_DEFAULTS[kind][channel],
    })),
  );
}

export async function setPreferences(actor: PolicyActor & { kind: 'user' }, input: readonly Preference[]): Promise<Preference[]> {
  const allowed = kindsFor(actor);
  const fields: Record<string, string> = {};
  input.forEach((p, i) => {
    if (!allowed.includes(p.kind)) fields[`preferences.${i}.kind`] = 'This notification is for the team only.';
  });
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', undefined, { fields });
  await db()
    .insert(notificationPreferences)
    .values(input.map((p) => ({ userId: actor.id, kind: p.kind, channel: p.channel, enabled: p.enabled })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind, notificationPreferences.channel],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
    });
  return getPreferences(actor);
}

/** What a token would turn off, for the confirmation page (GET changes nothing). */
export async function describeUnsubscribe(token: string): Promise<{ kinds: NotificationKind[] } | null> {
  const claim = await readUnsubscribeToken(db(), token);
  if (!claim) return null;
  const [user] = await db().select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, claim.userId));
  if (!user || user.deletedAt) return null;
  return { kinds: claim.kinds === 'all' ? [...NOTIFICATION_KINDS] : claim.kinds };
}

/**
 * Turns email off for the kinds the token names, for the person it names: no session needed
 * (RFC 8058 one-click). Using a token again is harmless. An invalid or expired token is 410.
 */
export async function unsubscribe(token: string): Promise<UnsubscribeResult> {
  const claim = await readUnsubscribeToken(db(), token);
  if (!claim)
    throw new AppError('TOKEN_INVALID', 'This unsubscribe link is not valid or has expired.', { reason: 'unsubscribeLinkInvalid' });
  const kinds = claim.kinds === 'all' ? [...NOTIFICATION_KINDS] : claim.kinds;
  await db().transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, claim.userId));
    if (!user)
      throw new AppError('TOKEN_INVALID', 'This unsubscribe link is not valid or has expired.', { reason: 'unsubscribeLinkInvalid' });
    await tx
      .insert(notificationPreferences)
      .values(kinds.map((kind) => ({ userId: claim.userId, kind, channel: 'email' as const, enabled: false })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind, notificationPreferences.channel],
        set: { enabled: false, updatedAt: sql`now()` },
      });
    // Emails already gathering for the next digest about these kinds do not go out either.
    await tx.execute(
      sql`update notifications set email_pending = false where recipient_id = ${claim.userId} and email_pending and ${inArray(sql`kind`, kinds)}`,
    );
  });
  return { kinds };
}

/** A deleted account's notifications and preferences go with it (its personal data is erased, SPEC.md §4). */
export async function forgetNotificationsOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.recipientId, userId));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

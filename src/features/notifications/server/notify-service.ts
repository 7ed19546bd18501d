/**
 * Notifying people: one notification row per eligible recipient (the rules are applied in one
 * statement, queries.ts), then, for those who want email, the person's digest job, keyed so that
 * a burst of notifications becomes one email (src/features/notifications/README.md).
 *
 * `notifyPeople` is the entry for work not tied to a post event (a published changelog entry):
 * the composition layer calls it with the people to tell.
 */
import { sql } from 'drizzle-orm';
import { env } from '@/config/env';
import { mentionsToPlainText } from '@/core/mentions';
import { textPrefix } from '@/lib/markdown-tree';
import { emailConfirmationRequired, type EmailConfirmationMode } from '@/core/workspace';
import { queryRows, type DbOrTx } from '@/server/db/client';
import { enqueueKeyedJobs } from '@/server/jobs/queue';
import { smtpConfigured } from '@/server/mail/transport';
import type { NotificationData } from '../schema';
import { admins, insertNotifications, peopleIn, type Delivery } from './queries';

export const DIGEST_JOB_KIND = 'notifications.digest';
export const digestKey = (userId: string) => `digest:${userId}`;

/** Whether the workspace requires confirmed email addresses (unconfirmed people are then never notified). */
export async function confirmationRequired(db: DbOrTx): Promise<boolean> {
  const [row] = await queryRows<{ mode: EmailConfirmationMode }>(
    sql`select email_confirmation as mode from workspace_settings where id = 1`,
    db,
  );
  return emailConfirmationRequired(row?.mode ?? 'auto', smtpConfigured());
}

/** Writes the notifications of one delivery and queues each email recipient's digest; answers how many were told. */
export async function deliver(db: DbOrTx, d: Omit<Delivery, 'confirmationRequired'>): Promise<number> {
  const told = await insertNotifications(db, { ...d, confirmationRequired: await confirmationRequired(db) });
  const emails = told.filter((t) => t.email).map((t) => ({ key: digestKey(t.recipientId), payload: { userId: t.recipientId } }));
  await enqueueKeyedJobs(DIGEST_JOB_KIND, emails, { tx: db, delaySeconds: env().CHORUS_NOTIFICATION_DIGEST_SECONDS });
  return told.length;
}

/**
 * Tells these people about something not tied to a post event, in the caller's transaction (call
 * kickJobs() after the commit). Preferences and the rules apply as to any notification: never
 * the actor, nor banned, deleted or (where confirmation is required) unconfirmed people. The
 * caller chooses recipients who may see the entry.
 */
export async function notifyPeople(
  tx: DbOrTx,
  input: {
    kind: 'changelog';
    actorId: string | null;
    recipientIds: readonly string[];
    entry: { id: string; title: string; url: string; excerpt?: string };
  },
): Promise<number> {
  const data: NotificationData = {
    message: 'changelog',
    title: input.entry.title,
    path: input.entry.url,
    excerpt: input.entry.excerpt ? excerptOf(input.entry.excerpt) : null,
  };
  return deliver(tx, { kind: input.kind, actorId: input.actorId, candidates: peopleIn(input.recipientIds), entryId: input.entry.id, data });
}

/**
 * Tells every admin about something that needs them (a webhook endpoint disabled after repeated
 * failure), in the caller's transaction, in the app and by email (their preferences apply).
 */
export async function notifyAdmins(
  tx: DbOrTx,
  input: { kind: 'admin_webhook_disabled'; url: string; path: string; excerpt: string | null },
): Promise<number> {
  const data: NotificationData = {
    message: 'webhookDisabled',
    url: input.url,
    path: input.path,
    excerpt: input.excerpt ? excerptOf(input.excerpt, 300) : null,
  };
  return deliver(tx, { kind: input.kind, actorId: null, candidates: admins(), teamOnly: true, data });
}

/** A short plain-text excerpt of Markdown source (mention tokens as @Name); shown as text, never as HTML. */
export function excerptOf(markdown: string, max = 200): string {
  const flat = mentionsToPlainText(markdown).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${textPrefix(flat, max - 1).trimEnd()}…` : flat;
}

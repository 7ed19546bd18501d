import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { env } from '@/config/env';
import { backgroundWorkStopped, trackBackgroundWork } from '@/server/background-work';
import { db, queryRows, type DbOrTx } from '@/server/db/client';
import { outbox } from '@/server/db/schema';
import { logger } from '@/server/log';
import { sendMail, smtpConfigured } from './transport';

export interface Email {
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
  /** Extra message headers (List-Unsubscribe…), sent as given. */
  headers?: Record<string, string>;
}

/** After this many failed attempts an email is given up on (it stays in the outbox, marked failed). */
export const MAX_EMAIL_ATTEMPTS = 8;

/**
 * Queues an email. Every email is kept in the outbox (admins read it at /admin/outbox) and
 * logged, except one withdrawn unsent because its link no longer works (withdrawUnsentEmails);
 * with SMTP configured it is then delivered, retried with backoff when that fails.
 * Inside a transaction pass `tx` (the email then commits with the change that caused it) and
 * call kickEmailDelivery() after the commit.
 */
export async function enqueueEmail(email: Email, tx?: DbOrTx): Promise<void> {
  const [row] = await (tx ?? db())
    .insert(outbox)
    .values({
      channel: 'email',
      recipient: email.to,
      kind: email.kind,
      subject: email.subject,
      payload: { text: email.text, html: email.html, ...(email.headers ? { headers: email.headers } : {}) },
    })
    .returning({ id: outbox.id });
  logger().info({ outboxId: row?.id, kind: email.kind, to: email.to, smtp: smtpConfigured() }, 'email queued');
  if (!tx) kickEmailDelivery();
}

/** Starts a delivery run in the background when SMTP is configured. */
export function kickEmailDelivery(): void {
  if (smtpConfigured()) void deliverPendingEmails().catch((err: unknown) => logger().error({ err }, 'email delivery run failed'));
}

let running: Promise<number> | undefined;

/**
 * How many emails one run claims, and sends at once. Sending waits on the SMTP server, not on this
 * process, so parallel connections multiply throughput (a fan-out of thousands of digests).
 */
const SEND_BATCH = 5;

/**
 * Sends what is due. Rows are claimed with SKIP LOCKED, so several instances never send one twice.
 * From the start of a shutdown nothing more is claimed; the shutdown waits for the batch in hand.
 */
export function deliverPendingEmails(): Promise<number> {
  if (!smtpConfigured() || backgroundWorkStopped()) return Promise.resolve(0);
  running ??= trackBackgroundWork(deliverBatches().finally(() => (running = undefined)));
  return running;
}

type ClaimedEmail = {
  id: number;
  recipient: string;
  subject: string;
  payload: { text: string; html: string; headers?: Record<string, string> };
  attempts: number;
};

/**
 * Claims up to SEND_BATCH due emails with a five-minute lease (one short statement, SKIP LOCKED),
 * sends them outside any transaction (PGlite has a single connection that a slow SMTP server must
 * not hold), then records each outcome. Different recipients are sent in parallel; one person's
 * emails leave one after another, oldest first, so they arrive in the order they were written.
 */
async function deliverBatches(): Promise<number> {
  let sent = 0;
  while (!backgroundWorkStopped()) {
    const rows = await queryRows<ClaimedEmail>(sql`
      update outbox set next_attempt_at = now() + interval '5 minutes', attempts = attempts + 1
      where id in (
        select id from outbox
        where channel = 'email' and sent_at is null and next_attempt_at <= now() and attempts < ${MAX_EMAIL_ATTEMPTS}
        order by id limit ${SEND_BATCH} for update skip locked)
      returning id, recipient, subject, payload, attempts`);
    if (rows.length === 0) return sent;
    const byRecipient = new Map<string, ClaimedEmail[]>();
    for (const row of rows.sort((a, b) => a.id - b.id)) byRecipient.set(row.recipient, [...(byRecipient.get(row.recipient) ?? []), row]);
    const counts = await Promise.all(
      [...byRecipient.values()].map(async (emails) => {
        let n = 0;
        for (const email of emails) n += await send(email);
        return n;
      }),
    );
    sent += counts.reduce((a, b) => a + b, 0);
  }
  return sent;
}

/** Sends one claimed email and records the outcome: 1 if it left, 0 if it waits for a retry. */
async function send(row: ClaimedEmail): Promise<number> {
  try {
    await sendMail({
      to: row.recipient,
      subject: row.subject,
      text: row.payload.text,
      html: row.payload.html,
      headers: row.payload.headers,
      from: env().MAIL_FROM,
    });
    await db().update(outbox).set({ sentAt: new Date(), lastError: null }).where(eq(outbox.id, row.id));
    return 1;
  } catch (err) {
    const backoffSeconds = Math.min(3600, 30 * 2 ** (row.attempts - 1));
    await db()
      .update(outbox)
      .set({
        lastError: String((err as Error).message ?? err).slice(0, 500),
        nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds})`,
      })
      .where(eq(outbox.id, row.id));
    logger().warn({ outboxId: row.id, attempts: row.attempts, err }, 'email delivery failed; will retry');
    return 0;
  }
}

/** Emails not sent (yet): with no SMTP configured, every email the workspace has written. */
/**
 * Removes the unsent emails of one kind to one address, when what they carry no longer works (an
 * invitation whose link was replaced or revoked), so nobody passes on or receives a dead link.
 * An email a delivery run has already claimed may still go out. Answers how many were removed.
 */
export async function withdrawUnsentEmails(tx: DbOrTx, to: string, kind: string): Promise<number> {
  const rows = await tx
    .delete(outbox)
    .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, to), eq(outbox.kind, kind), isNull(outbox.sentAt)))
    .returning({ id: outbox.id });
  return rows.length;
}

export async function countUnsentEmails(): Promise<number> {
  const rows = await queryRows<{ n: number }>(sql`select count(*)::int as n from outbox where channel = 'email' and sent_at is null`);
  return Number(rows[0]?.n ?? 0);
}

export async function listOutbox(limit = 50, beforeId?: number, recipient?: string) {
  return db()
    .select()
    .from(outbox)
    .where(and(beforeId ? lt(outbox.id, beforeId) : undefined, recipient ? eq(outbox.recipient, recipient) : undefined))
    .orderBy(desc(outbox.id))
    .limit(limit);
}

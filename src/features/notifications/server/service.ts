import type { z } from 'zod';
import { countUnsentEmails, listOutbox, MAX_EMAIL_ATTEMPTS } from '@/server/mail/outbox';
import { smtpConfigured } from '@/server/mail/transport';
import type { DeliveryState, EmailStatus, OutboxPage, outboxQuery } from '../schema';

export type OutboxRow = Awaited<ReturnType<typeof listOutbox>>[number];

export function deliveryState(row: OutboxRow, smtp: boolean): DeliveryState {
  if (row.sentAt) return 'sent';
  if (!smtp) return 'smtp_off';
  if (row.attempts >= MAX_EMAIL_ATTEMPTS) return 'failed';
  return row.lastError ? 'retrying' : 'queued';
}

/** One page of the outbox, newest first, as admins see it (the API and /admin/outbox). */
export async function getOutboxPage(query: z.output<typeof outboxQuery>): Promise<OutboxPage> {
  const smtp = smtpConfigured();
  const rows = await listOutbox(query.limit, query.cursor ?? query.before, query.to);
  return {
    smtpConfigured: smtp,
    items: rows.map((r) => ({
      id: r.id,
      to: r.recipient,
      kind: r.kind,
      subject: r.subject,
      text: r.payload.text,
      html: r.payload.html,
      status: deliveryState(r, smtp),
      attempts: r.attempts,
      lastError: r.lastError,
      sentAt: r.sentAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length === query.limit ? rows[rows.length - 1]!.id : null,
  };
}

/** For the team's notice: can email leave, and how many emails are waiting. */
export async function getEmailStatus(): Promise<EmailStatus> {
  return { smtpConfigured: smtpConfigured(), waiting: await countUnsentEmails() };
}

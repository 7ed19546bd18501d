import { z } from 'zod';
import { canAdminister } from '@/features/accounts/policy';
import { endpoint, json, route } from '@/server/http/route';
import { listOutbox } from '@/server/mail/outbox';
import { smtpConfigured } from '@/server/mail/transport';

const outboxQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  to: z.string().trim().toLowerCase().max(254).optional(),
});

/** Admins read every email the workspace sent or queued (SPEC.md §7: the outbox). */
export const outboxRoute = route({
  GET: endpoint({
    authorize: canAdminister,
    query: outboxQuery,
    handle: async ({ query }) => {
      const rows = await listOutbox(query.limit, query.before, query.to);
      return json({
        smtpConfigured: smtpConfigured(),
        items: rows.map((r) => ({
          id: r.id,
          to: r.recipient,
          kind: r.kind,
          subject: r.subject,
          text: r.payload.text,
          html: r.payload.html,
          attempts: r.attempts,
          lastError: r.lastError,
          sentAt: r.sentAt,
          createdAt: r.createdAt,
        })),
        nextCursor: rows.length === query.limit ? rows[rows.length - 1]!.id : null,
      });
    },
  }),
});

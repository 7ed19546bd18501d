import { canAdminister, canEnterTeamArea } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { emailStatusSchema, outboxPageSchema, outboxQuery } from '../schema';
import { getEmailStatus, getOutboxPage } from './service';

/** Admins read every email the workspace sent or queued (SPEC.md §7: the outbox). */
export const outboxRoute = route('/api/v1/admin/outbox', {
  GET: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    query: outboxQuery,
    summary: 'Read the email outbox',
    description:
      'Every email the workspace sent or queued, newest first, a page at a time (`cursor`, `limit`; `to` for one address), ' +
      'with its text, HTML and delivery state. Without an SMTP server (`smtpConfigured` false) emails stay here for an admin to ' +
      'pass on. Admins.',
    response: outboxPageSchema,
    handle: async ({ query }) => json(await getOutboxPage(query)),
  }),
});

/**
 * Whether the workspace can send email and how many emails wait in the outbox, for the notice in
 * the team area (moderators see it too; only admins open the outbox itself).
 */
export const emailStatusRoute = route('/api/v1/admin/email-status', {
  GET: endpoint({
    authorize: canEnterTeamArea,
    apiKey: 'key',
    summary: 'Read the email delivery status',
    description: '`smtpConfigured` is false when no SMTP server is set (SMTP_URL): nothing leaves, and `waiting` emails sit in the outbox.',
    response: emailStatusSchema,
    handle: async () => json(await getEmailStatus()),
  }),
});

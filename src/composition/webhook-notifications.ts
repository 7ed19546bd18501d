/**
 * A webhook endpoint disabled after repeated failure tells every admin, in the app and by email
 * (SPEC.md §9): the webhooks feature queues ENDPOINT_DISABLED_JOB in the transaction that
 * disables the endpoint, and this handler writes the admins' notifications through the
 * notifications feature (its rules and preferences apply; the email is the person's digest).
 */
import { z } from 'zod';
import { paths } from '@/config/paths';
import { notifyAdmins } from '@/features/notifications/server/notify-service';
import { ENDPOINT_DISABLED_JOB } from '@/features/webhooks/server/delivery-service';
import { getEndpointAs } from '@/features/webhooks/server/service';
import { AppError } from '@/server/http/errors';
import { jobHandler, type JobHandlers } from '@/server/jobs/queue';

export const webhookNotificationJobs: JobHandlers = {
  [ENDPOINT_DISABLED_JOB]: jobHandler(z.object({ endpointId: z.uuid() }), async ({ endpointId }, { tx }) => {
    const endpoint = await getEndpointAs(endpointId, tx).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
      throw err;
    });
    // Deleted, or enabled again, before this ran: nothing to tell.
    if (!endpoint || endpoint.state !== 'disabled') return;
    await notifyAdmins(tx, {
      kind: 'admin_webhook_disabled',
      url: endpoint.url,
      path: paths.adminWebhooks(),
      excerpt: endpoint.disabledReason,
    });
  }),
};

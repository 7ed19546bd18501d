import { canAdminister } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { outboxQuery } from '../schema';
import { getOutboxPage } from './service';

/** Admins read every email the workspace sent or queued (SPEC.md §7: the outbox). */
export const outboxRoute = route({
  GET: endpoint({
    authorize: canAdminister,
    query: outboxQuery,
    handle: async ({ query }) => json(await getOutboxPage(query)),
  }),
});

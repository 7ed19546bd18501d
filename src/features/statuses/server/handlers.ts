import { z } from 'zod';
import { canAdminister } from '@/core/identity/policy';
import { anyone } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { statusDeleteQuery, statusInput, statusReorderInput, statusUpdateInput } from '../schema';
import { createStatus, deleteStatusAs, listStatuses, reorderStatuses, updateStatusAs } from './service';

const statusIdParams = z.object({ id: z.uuid({ message: 'Not a status id' }) });

/** GET /api/v1/statuses (anyone who may read the workspace), POST (admins). */
export const statusesRoute = route('/api/v1/statuses', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    handle: async ({ actor }) => json({ items: await listStatuses(actor) }),
  }),
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    errors: ['CONFLICT'],
    body: statusInput,
    handle: async ({ actor, body, ip }) => json(await createStatus(actor, body, ip), 201),
  }),
});

/** PATCH /api/v1/statuses/[id] (rename, recolour, category, roadmap); DELETE …?moveTo=<id>. Admins. */
export const statusRoute = route('/api/v1/statuses/{id}', {
  PATCH: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    errors: ['CONFLICT'],
    query: statusIdParams,
    body: statusUpdateInput,
    handle: async ({ actor, query, body, ip }) => json(await updateStatusAs(actor, query.id, body, ip)),
  }),
  DELETE: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    errors: ['CONFLICT'],
    query: statusDeleteQuery,
    handle: async ({ actor, query, ip }) => json(await deleteStatusAs(actor, query.id, query.moveTo, ip)),
  }),
});

/** POST /api/v1/statuses/reorder {ids}: every status, in the new order. Admins. */
export const statusReorderRoute = route('/api/v1/statuses/reorder', {
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    body: statusReorderInput,
    handle: async ({ actor, body, ip }) => json({ items: await reorderStatuses(actor, body.ids, ip) }),
  }),
});

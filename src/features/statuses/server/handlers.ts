import { canAdminister } from '@/core/identity/policy';
import { anyone } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import {
  statusDeletedSchema,
  statusDeleteQuery,
  statusInput,
  statusListSchema,
  statusParams,
  statusReorderInput,
  statusSchema,
  statusUpdateInput,
} from '../schema';
import { createStatus, deleteStatusAs, listStatuses, reorderStatuses, updateStatusAs } from './service';

/** GET /api/v1/statuses (anyone who may read the workspace), POST (admins). */
export const statusesRoute = route('/api/v1/statuses', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    summary: 'List statuses',
    description:
      'Every status in order, each with its category, whether it is on the roadmap, and how many of the posts the caller may see are on it.',
    response: statusListSchema,
    handle: async ({ actor }) => json({ items: await listStatuses(actor) }),
  }),
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    errors: ['CONFLICT'],
    body: statusInput,
    summary: 'Create a status',
    description:
      'Admins add a status: a name (1 to 30 characters, unique regardless of case), a colour, a category, and whether it is a ' +
      'roadmap column. Answers 201 with the status.',
    response: statusSchema,
    handle: async ({ actor, body, ip }) => json(await createStatus(actor, body, ip), 201),
  }),
});

/** PATCH /api/v1/statuses/[id] (rename, recolour, category, roadmap); DELETE …?moveTo=<id>. Admins. */
export const statusRoute = route('/api/v1/statuses/{id}', {
  PATCH: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    errors: ['CONFLICT'],
    query: statusParams,
    body: statusUpdateInput,
    summary: 'Change a status',
    description:
      'Admins change a status’s name (its slug follows), colour, category or roadmap flag; fields left out stay. Answers the status.',
    response: statusSchema,
    handle: async ({ actor, query, body, ip }) => json(await updateStatusAs(actor, query.id, body, ip)),
  }),
  DELETE: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    errors: ['CONFLICT'],
    query: statusDeleteQuery,
    summary: 'Delete a status',
    description:
      'Admins delete a status. When posts use it, `moveTo` must name another status, and they move there; without it that is ' +
      'a conflict, as is deleting the last status. Answers the id and how many posts moved.',
    response: statusDeletedSchema,
    handle: async ({ actor, query, ip }) => json(await deleteStatusAs(actor, query.id, query.moveTo, ip)),
  }),
});

/** POST /api/v1/statuses/reorder {ids}: every status, in the new order. Admins. */
export const statusReorderRoute = route('/api/v1/statuses/reorder', {
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    body: statusReorderInput,
    summary: 'Reorder the statuses',
    description: 'Admins list every status exactly once, in the new order. Answers every status in that order.',
    response: statusListSchema,
    handle: async ({ actor, body, ip }) => json({ items: await reorderStatuses(actor, body.ids, ip) }),
  }),
});

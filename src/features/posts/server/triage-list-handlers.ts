import { canAdminister, canModerate } from '@/core/identity/policy';
import { endpoint, json, noContent, route } from '@/server/http/route';
import { triageBulkInput, triageQuery, triageViewInput, triageViewParams } from '../triage-schema';
import { applyTriageBulk } from './triage-bulk-service';
import { getPriorityWeights, priorityWeightsSchema, setPriorityWeights } from './priority-service';
import { getTriagePage } from './triage-list-service';
import { deleteTriageView, listTriageViews, saveTriageView } from './triage-views-service';

/** GET /api/v1/triage: the team's triage list with live facet counts. */
export const triageRoute = route('/api/v1/triage', {
  GET: endpoint({
    authorize: canModerate,
    apiKey: 'key',
    query: triageQuery,
    summary: 'The triage list: posts under filters, with live counts of every facet',
    handle: async ({ actor, query }) => json(await getTriagePage(actor, query)),
  }),
});

/** POST /api/v1/triage/bulk: a status (with a note) and/or tags added or removed, on up to 100 posts. */
export const triageBulkRoute = route('/api/v1/triage/bulk', {
  POST: endpoint({
    authorize: canModerate,
    apiKey: 'key',
    body: triageBulkInput,
    summary: 'One status or tag change on several posts',
    handle: async ({ actor, body, ip }) => json(await applyTriageBulk(actor, body, ip)),
  }),
});

/** GET /api/v1/triage/views and POST {name, query}: the signed-in team member's saved views. */
export const triageViewsRoute = route('/api/v1/triage/views', {
  GET: endpoint({
    authorize: canModerate,
    apiKey: 'session',
    summary: 'Your saved triage views',
    handle: async ({ actor }) => json({ items: await listTriageViews(actor.id) }),
  }),
  POST: endpoint({
    authorize: canModerate,
    apiKey: 'session',
    body: triageViewInput,
    errors: ['CONFLICT'],
    summary: 'Save a triage view (its filters and sort, as a URL query)',
    handle: async ({ actor, body }) => json(await saveTriageView(actor.id, body), 201),
  }),
});

/** DELETE /api/v1/triage/views/[id]: removes one of your saved views. */
export const triageViewRoute = route('/api/v1/triage/views/{id}', {
  DELETE: endpoint({
    authorize: canModerate,
    apiKey: 'session',
    query: triageViewParams,
    summary: 'Delete one of your saved triage views',
    handle: async ({ actor, query }) => {
      await deleteTriageView(actor.id, query.id);
      return noContent();
    },
  }),
});

/** GET /api/v1/triage/priority-weights (the team) and PUT (admins): the priority formula's weights. */
export const priorityWeightsRoute = route('/api/v1/triage/priority-weights', {
  GET: endpoint({
    authorize: canModerate,
    apiKey: 'key',
    summary: "The priority formula's weights",
    handle: async () => json(await getPriorityWeights()),
  }),
  PUT: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    body: priorityWeightsSchema,
    summary: "Change the priority formula's weights (every post's priority is computed again in the background)",
    handle: async ({ actor, body, ip }) => json(await setPriorityWeights(actor, body, ip)),
  }),
});

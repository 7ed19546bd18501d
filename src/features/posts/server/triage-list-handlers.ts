import { canAdminister, canModerate } from '@/core/identity/policy';
import { endpoint, json, noContent, route } from '@/server/http/route';
import {
  triageBulkInput,
  triageBulkResultSchema,
  triagePageSchema,
  triageQuery,
  triageViewInput,
  triageViewListSchema,
  triageViewParams,
  triageViewSchema,
} from '../triage-schema';
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
    summary: 'List posts to triage',
    description:
      'The team’s triage list: posts under the filters (status, board, tag, owner, queue, search), sorted, a page at a time, ' +
      'with how many match and live counts of every facet. Each facet counts under every other filter but its own.',
    response: triagePageSchema,
    handle: async ({ actor, query }) => json(await getTriagePage(actor, query)),
  }),
});

/** POST /api/v1/triage/bulk: a status (with a note) and/or tags added or removed, on up to 100 posts. */
export const triageBulkRoute = route('/api/v1/triage/bulk', {
  POST: endpoint({
    authorize: canModerate,
    apiKey: 'key',
    body: triageBulkInput,
    summary: 'Change several posts at once',
    description:
      'One status (with an optional public note) and/or tags added and removed, on up to 100 posts. Each post changes on its ' +
      'own; one that cannot (not found, or more than 10 tags) is listed in `skipped` with the reason, and the others still change.',
    response: triageBulkResultSchema,
    handle: async ({ actor, body, ip }) => json(await applyTriageBulk(actor, body, ip)),
  }),
});

/** GET /api/v1/triage/views and POST {name, query}: the signed-in team member's saved views. */
export const triageViewsRoute = route('/api/v1/triage/views', {
  GET: endpoint({
    authorize: canModerate,
    apiKey: 'session',
    summary: 'List your saved triage views',
    description: 'The triage views the signed-in team member saved, oldest first: each a name for a triage URL query.',
    response: triageViewListSchema,
    handle: async ({ actor }) => json({ items: await listTriageViews(actor.id) }),
  }),
  POST: endpoint({
    authorize: canModerate,
    apiKey: 'session',
    body: triageViewInput,
    errors: ['CONFLICT'],
    summary: 'Save a triage view',
    description:
      'Names a triage URL query (its filters and sort; paging is dropped) for the signed-in team member. Names are unique ' +
      'per person, and one keeps at most 30 views. Answers 201 with the view.',
    response: triageViewSchema,
    handle: async ({ actor, body }) => json(await saveTriageView(actor.id, body), 201),
  }),
});

/** DELETE /api/v1/triage/views/[id]: removes one of your saved views. */
export const triageViewRoute = route('/api/v1/triage/views/{id}', {
  DELETE: endpoint({
    authorize: canModerate,
    apiKey: 'session',
    query: triageViewParams,
    summary: 'Delete a saved triage view',
    description: 'Deletes one of the signed-in team member’s saved views; another person’s view answers 404.',
    response: null,
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
    summary: 'Read the priority weights',
    description: 'The weights of votes, impact and effort in the priority formula the triage list sorts by.',
    response: priorityWeightsSchema,
    handle: async () => json(await getPriorityWeights()),
  }),
  PUT: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    body: priorityWeightsSchema,
    summary: 'Change the priority weights',
    description:
      'Admins set the weights of votes and impact (0 to 5) and of effort (0 to 2). Every post’s priority is then computed ' +
      'again in the background. Answers the weights.',
    response: priorityWeightsSchema,
    handle: async ({ actor, body, ip }) => json(await setPriorityWeights(actor, body, ip)),
  }),
});

import { anyone } from '@/core/identity/policy';
import { keptFor } from '@/server/cache/visitor-cache';
import { endpoint, json, route } from '@/server/http/route';
import { roadmapColumnPageSchema, roadmapColumnQuery, roadmapQuery, roadmapSchema } from '../schema';
import { getRoadmap, getRoadmapColumn } from './service';

/** GET /api/v1/roadmap: every roadmap column with its first cards. */
export const roadmapRoute = route('/api/v1/roadmap', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    errors: ['NOT_FOUND'],
    summary: 'Read the roadmap',
    tags: ['Roadmap'],
    description:
      'One column per status marked "on roadmap" in the planned, in progress and done categories, in that order and then ' +
      "in the statuses' order, each with its first cards (limit, default 20) and a nextCursor for GET /api/v1/roadmap/{status}. " +
      'Planned and in-progress cards are ordered by votes, done cards by when they moved there (newest first), and done columns ' +
      'hold the last 90 days unless done=all (olderCount says how many that adds). Filters: board= (a slug) and tag= (a name).',
    query: roadmapQuery,
    response: roadmapSchema,
    handle: async ({ actor, query }) => json(await keptFor(actor, `roadmap:${JSON.stringify(query)}`, () => getRoadmap(actor, query))),
  }),
});

/** GET /api/v1/roadmap/{status}: the next cards of one column. */
export const roadmapColumnRoute = route('/api/v1/roadmap/{status}', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    summary: 'Page through a roadmap column',
    tags: ['Roadmap'],
    description:
      "The cards of one roadmap column (its status slug), with the same filters as GET /api/v1/roadmap; pass a column's " +
      'nextCursor as cursor= for its next page. A status that is not a roadmap column is 404.',
    query: roadmapColumnQuery,
    response: roadmapColumnPageSchema,
    handle: async ({ actor, query }) => json(await getRoadmapColumn(actor, query)),
  }),
});

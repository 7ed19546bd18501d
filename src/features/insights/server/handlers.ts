import { canEnterTeamArea } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { insightsQuery, insightsReportSchema } from '../schema';
import { getInsights } from './service';

/** GET /api/v1/admin/insights: every chart's figures for a period, for moderators and admins. */
export const insightsRoute = route('/api/v1/admin/insights', {
  GET: endpoint({
    authorize: canEnterTeamArea,
    apiKey: 'key',
    query: insightsQuery,
    rateLimit: { name: 'insights', limit: 120, windowSeconds: 60 },
    summary: 'Read the insights',
    description:
      'Activity per week, where new posts stand, top requests, first response time and the most active boards, for a period. ' +
      'Counts every board, private ones included. Days and weeks are UTC, weeks start on Monday. ' +
      'period is 30d (default), 90d, 12m or custom with from and to (YYYY-MM-DD, at most 731 days).',
    tags: ['Insights'],
    response: insightsReportSchema,
    handle: async ({ query }) => json(await getInsights(query)),
  }),
});

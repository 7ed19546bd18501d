import { anyone } from '@/core/identity/policy';
import { IDENTIFY_RATE_LIMIT } from '@/features/identify/server/service';
import { endpoint, json, route } from '@/server/http/route';
import { widgetSessionInput, widgetSessionSchema } from '../schema';
import { startWidgetSession } from './service';

/**
 * POST /api/v1/widget/session: exchanges an identify token for a widget session, which the panel
 * keeps in its memory and sends as `Authorization: Bearer` (docs/widget.md).
 */
export const widgetSessionRoute = route('/api/v1/widget/session', {
  POST: endpoint({
    authorize: anyone,
    apiKey: 'session',
    openToVisitors: true,
    body: widgetSessionInput,
    rateLimit: IDENTIFY_RATE_LIMIT,
    summary: 'Start a widget session with an identify token',
    description:
      'For the embedded widget’s panel (docs/widget.md). The identify token is checked and used up as by POST /api/v1/auth/identify ' +
      '(same errors); the answer is a bearer token (`cwt_…`, two hours, not sliding) for the panel’s own requests, never a cookie. ' +
      'That token acts as the member on the widget’s endpoints only (boards, posts, search, similar posts, votes, the changelog); ' +
      'any other endpoint answers 403.',
    errors: ['TOKEN_INVALID', 'ACCOUNT_BANNED', 'FORBIDDEN', 'NOT_FOUND'],
    response: widgetSessionSchema,
    handle: async ({ body, ip }) => json(await startWidgetSession(body.token, ip), 201),
  }),
});

import { pingDatabase, getDbHandle } from '@/server/db/client';
import { anyone } from '@/core/identity/policy';
import { errorBody } from '@/server/http/errors';
import { endpoint, json, route } from '@/server/http/route';
import { logger } from '@/server/log';
import { healthSchema } from '../schema';

/** Liveness and the database check, for load balancers and operators. */
export const healthRoute = route('/api/health', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'session',
    openToVisitors: true,
    summary: 'Check the service health',
    description:
      'For load balancers and operators: 200 with `db: "ok"` and the database driver when the database answers a ping, ' +
      'otherwise 503 UNAVAILABLE (`db: "unreachable"`). Open to visitors, even on a private workspace.',
    response: healthSchema,
    handle: async ({ requestId }) => {
      try {
        await pingDatabase();
        return json({ status: 'ok', db: 'ok', driver: getDbHandle()?.driver });
      } catch (err) {
        logger().warn({ err, requestId }, 'health check: database unreachable');
        return json({ status: 'unavailable', db: 'unreachable', ...errorBody('UNAVAILABLE', requestId) }, 503);
      }
    },
  }),
});

import { z } from 'zod';
import { anyone } from '@/core/identity/policy';
import { AppError } from '@/server/http/errors';
import { endpoint, route } from '@/server/http/route';

const missing = endpoint({
  authorize: anyone,
  // Keys are refused here as on any path no endpoint lets them call.
  apiKey: 'session',
  openToVisitors: true,
  summary: 'Answer a path without a route',
  description: 'Any /api path that no route serves answers 404 NOT_FOUND in the error catalogue’s JSON shape, never an HTML page.',
  // It never succeeds: any success would break the contract.
  response: z.never(),
  handle: () => {
    throw new AppError('NOT_FOUND', 'There is no API route at this path.');
  },
});

/** Any /api path without a route answers a JSON 404, never an HTML page. */
export const apiNotFoundRoute = route('/api/{path}', { GET: missing, POST: missing, PUT: missing, PATCH: missing, DELETE: missing });

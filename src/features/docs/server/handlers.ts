import { anyone } from '@/core/identity/policy';
import { openApiDocument } from '@/server/http/openapi';
import { endpoint, json, route } from '@/server/http/route';

/** GET /api/v1/openapi.json: the OpenAPI 3.1 document (public: it describes the API, not its data). */
export const openApiRoute = route({
  GET: endpoint({
    authorize: anyone,
    openToVisitors: true,
    summary: 'The OpenAPI 3.1 document of this API',
    tags: ['Docs'],
    handle: async () => json(await openApiDocument(), 200, { 'cache-control': 'public, max-age=300' }),
  }),
});

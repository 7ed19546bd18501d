import { canAdminister } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import { auditListQuery } from '../schema';
import { listAuditPage } from './service';

/** GET /api/v1/audit: the audit log, admins only. */
export const auditRoute = route({
  GET: endpoint({
    authorize: canAdminister,
    query: auditListQuery,
    handle: async ({ query }) => json(await listAuditPage(query)),
  }),
});

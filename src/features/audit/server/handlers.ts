import { canAdminister } from '@/core/identity/policy';
import { SOURCE_LOCALE } from '@/core/i18n/locales';
import { serverWords } from '@/server/i18n/catalogues';
import { endpoint, json, route } from '@/server/http/route';
import { auditListQuery } from '../schema';
import { listAuditPage } from './service';

/** GET /api/v1/audit: the audit log, admins only. */
export const auditRoute = route('/api/v1/audit', {
  GET: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    query: auditListQuery,
    // The API's words are English, like its error messages (docs/i18n.md).
    handle: async ({ query }) => json(await listAuditPage(query, serverWords(SOURCE_LOCALE, 'audit'))),
  }),
});

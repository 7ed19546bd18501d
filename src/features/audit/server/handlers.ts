import { canAdminister } from '@/core/identity/policy';
import { SOURCE_LOCALE } from '@/core/i18n/locales';
import { serverWords } from '@/server/i18n/catalogues';
import { endpoint, json, route } from '@/server/http/route';
import { auditListQuery, auditPageSchema } from '../schema';
import { listAuditPage } from './service';

/** GET /api/v1/audit: the audit log, admins only. */
export const auditRoute = route('/api/v1/audit', {
  GET: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    query: auditListQuery,
    summary: 'Read the audit log',
    description:
      'Who did what, newest first, a page at a time (`cursor`, `limit`): each event with its actor, target, a sentence in ' +
      'English made of text, links and times, the recorded before and after values, and the IP address. Admins.',
    response: auditPageSchema,
    // The API's words are English, like its error messages (docs/i18n.md).
    handle: async ({ query }) => json(await listAuditPage(query, serverWords(SOURCE_LOCALE, 'audit'))),
  }),
});

import { canAdminister } from '@/core/identity/policy';
import { serverWords } from '@/server/i18n/catalogues';
import { gate, withShell } from '@/server/page/with-shell';
import { AUDIT_PAGE_SIZE, auditListQuery } from '../schema';
import { listAuditPage } from '../server/service';
import type { AuditPageProps } from './AuditPage';

/** `/admin/audit` data: admins only. */
export const getServerSideProps = withShell<AuditPageProps>(async (ctx, { actor, locale }) => {
  const denied = gate(ctx, canAdminister(actor));
  if (denied) return denied;
  const parsed = auditListQuery.safeParse({ cursor: ctx.query.cursor });
  const cursor = parsed.success ? parsed.data.cursor : undefined;
  // The sentences come written in the reader's language.
  const events = await listAuditPage({ cursor, limit: AUDIT_PAGE_SIZE }, serverWords(locale, 'audit'));
  return { props: { events, paged: cursor !== undefined } };
});

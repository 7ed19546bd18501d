import { canAdminister } from '@/core/identity/policy';
import { gate, withShell } from '@/server/page/with-shell';
import { AUDIT_PAGE_SIZE, auditListQuery } from '../schema';
import { listAuditPage } from '../server/service';
import type { AuditPageProps } from './AuditPage';

/** `/admin/audit` data: admins only. */
export const getServerSideProps = withShell<AuditPageProps>(async (ctx, { actor }) => {
  const denied = gate(ctx, canAdminister(actor));
  if (denied) return denied;
  const parsed = auditListQuery.safeParse({ cursor: ctx.query.cursor });
  const cursor = parsed.success ? parsed.data.cursor : undefined;
  const events = await listAuditPage({ cursor, limit: AUDIT_PAGE_SIZE });
  return { props: { events, paged: cursor !== undefined } };
});

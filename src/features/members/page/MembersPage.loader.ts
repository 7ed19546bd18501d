import { canEnterTeamArea } from '@/core/identity/policy';
import { smtpConfigured } from '@/server/mail/transport';
import { gate, withShell } from '@/server/page/with-shell';
import { memberListQuery, MEMBERS_PAGE_SIZE } from '../schema';
import { isMemberCursor, listMemberPage } from '../server/service';
import type { MembersPageProps } from './MembersPage';

/** `/admin/members` data: moderators and admins; members get 403, visitors the sign-in page. */
export const getServerSideProps = withShell<MembersPageProps>(async (ctx, { actor }) => {
  const denied = gate(ctx, canEnterTeamArea(actor));
  if (denied) return denied;
  const parsed = memberListQuery.safeParse({ q: ctx.query.q, cursor: ctx.query.cursor });
  const q = parsed.success ? parsed.data.q : undefined;
  // A stale or hand-edited page link shows the first page rather than an error.
  const cursor = parsed.success && parsed.data.cursor && isMemberCursor(parsed.data.cursor) ? parsed.data.cursor : undefined;
  const members = await listMemberPage({ q, cursor, limit: MEMBERS_PAGE_SIZE });
  return { props: { members, q: q ?? '', paged: Boolean(cursor), smtpConfigured: smtpConfigured() } };
});

import { canEnterTeamArea } from '@/core/identity/policy';
import { listBoardsForAdmin } from '@/features/boards/server/service';
import { listTeamMates } from '@/features/members/server/service';
import { getPriorityWeights } from '@/features/posts/server/priority-service';
import { getTriagePage } from '@/features/posts/server/triage-list-service';
import { listTriageViews } from '@/features/posts/server/triage-views-service';
import { triageQuery } from '@/features/posts/triage-schema';
import { listStatusRefs } from '@/features/statuses/server/service';
import { listTagRefs } from '@/features/tags/server/service';
import { gate, withShell } from '@/server/page/with-shell';
import type { TriagePageProps } from './triage-types';

/** `/admin/inbox`: moderators and admins; members get 403, visitors the sign-in page. */
export const getServerSideProps = withShell<TriagePageProps>(async (ctx, { actor }) => {
  const denied = gate(ctx, canEnterTeamArea(actor));
  if (denied || actor.kind !== 'user') return denied ?? { notFound: true };
  const parsed = triageQuery.safeParse({ ...ctx.query, cursor: undefined, limit: undefined });
  const query = parsed.success ? parsed.data : triageQuery.parse({});
  const initial = await getTriagePage(actor, query);
  const [statuses, tags, boards, team, views, weights] = [
    await listStatusRefs(actor),
    await listTagRefs(actor),
    await listBoardsForAdmin(actor),
    await listTeamMates(),
    await listTriageViews(actor.id),
    await getPriorityWeights(),
  ];
  const { cursor: _cursor, limit: _limit, ...filters } = query;
  return {
    props: {
      initial,
      query: filters,
      catalogs: { statuses, tags, team, weights, boards: boards.map((b) => ({ slug: b.slug, name: b.name })) },
      views,
      viewerId: actor.id,
    },
  };
});

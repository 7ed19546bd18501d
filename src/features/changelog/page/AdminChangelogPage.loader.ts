import { canAdminister, canWriteChangelog } from '@/core/identity/policy';
import { listStatusRefs } from '@/features/statuses/server/service';
import { gate, withShell } from '@/server/page/with-shell';
import { listTeamEntries } from '../server/editing';
import { listChangelogLabels } from '../server/service';
import type { AdminChangelogPageProps } from './AdminChangelogPage';

/** `/admin/changelog` data: moderators and admins; members get 403, visitors the sign-in page. */
export const getServerSideProps = withShell<AdminChangelogPageProps>(async (ctx, { actor }) => {
  const denied = gate(ctx, canWriteChangelog(actor));
  if (denied) return denied;
  if (actor.kind !== 'user') return { props: { errorPage: 403 as const } };
  const [entries, labels, statuses] = await Promise.all([listTeamEntries(actor), listChangelogLabels(), listStatusRefs(actor)]);
  return {
    props: {
      entries,
      labels,
      doneStatuses: statuses.filter((s) => s.category === 'done').map((s) => ({ id: s.id, name: s.name })),
      canAddLabels: canAdminister(actor) === 'allow',
    },
  };
});

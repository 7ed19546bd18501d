import { canAdminister } from '@/core/identity/policy';
import { gate, withShell } from '@/server/page/with-shell';
import { listTags } from '../server/service';
import type { TagsPageProps } from './TagsPage';

/** `/admin/tags` data: admins only; moderators and members get 403, visitors the sign-in page. */
export const getServerSideProps = withShell<TagsPageProps>(async (ctx, { actor }) => {
  const denied = gate(ctx, canAdminister(actor));
  if (denied) return denied;
  return { props: { tags: await listTags(actor) } };
});

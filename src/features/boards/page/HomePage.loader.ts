import { PAGE_SIZE } from '@/features/posts/schema';
import { listPosts } from '@/features/posts/server/list';
import { withShell } from '@/features/shell/server/with-shell';
import { listBoards } from '../server/service';
import type { HomePageProps } from './HomePage';

/** `/`: the boards the viewer may see and the trending posts across them. */
export const getServerSideProps = withShell<HomePageProps>(async (_ctx, { actor }) => {
  const boards = await listBoards(actor);
  const trending = boards.length > 0 ? (await listPosts(actor, { sort: 'trending', limit: PAGE_SIZE })).items : [];
  return { props: { boards, trending, now: new Date().toISOString() } };
});

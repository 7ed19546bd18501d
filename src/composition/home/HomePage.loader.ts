import { PAGE_SIZE } from '@/features/posts/schema';
import { listPosts } from '@/features/posts/server/list-service';
import { withShell } from '@/server/page/with-shell';
import { cachedForVisitors } from '@/server/cache/visitor-cache';
import { listBoards } from '@/features/boards/server/service';
import type { HomePageProps } from './HomePage';

/** `/`: the boards the viewer may see and the trending posts across them. */
export const getServerSideProps = withShell<HomePageProps>(async (_ctx, { actor }) => {
  const props = await cachedForVisitors(actor, 'home', async () => {
    const boards = await listBoards(actor);
    const trending = boards.length > 0 ? (await listPosts(actor, { sort: 'trending', limit: PAGE_SIZE })).items : [];
    return { boards, trending, now: new Date().toISOString() };
  });
  return { props };
});

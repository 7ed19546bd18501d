import { PAGE_SIZE, pageClosedMode } from '@/features/posts/schema';
import { listPosts } from '@/features/posts/server/list-service';
import { withShell } from '@/server/page/with-shell';
import { keptFor } from '@/server/cache/visitor-cache';
import { listBoards } from '@/features/boards/server/service';
import type { HomePageProps } from './HomePage';

/**
 * `/`: the boards the viewer may see and the trending posts across them: open work unless the
 * URL asks for done and closed posts too (`?closed=show`).
 */
export const getServerSideProps = withShell<HomePageProps>(async (ctx, { actor }) => {
  const closed = pageClosedMode('trending', undefined, ctx.query.closed);
  const props = await keptFor(actor, `home:${closed}`, async () => {
    const boards = await listBoards(actor);
    const trending = boards.length > 0 ? (await listPosts(actor, { sort: 'trending', closed, limit: PAGE_SIZE })).items : [];
    return { boards, trending, closed, now: new Date().toISOString() };
  });
  return { props };
});

import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { POST_SORTS, PAGE_SIZE, pageClosedMode, type PostSort } from '@/features/posts/schema';
import { boardFilterOptions, countPosts, cursorFits, isPublicBoard, listOrderOf, listPosts } from '@/features/posts/server/list-service';
import { notFound, withShell } from '@/server/page/with-shell';
import { keptFor, keepsSharedCopies } from '@/server/cache/visitor-cache';
import { VISITOR, type Actor } from '@/server/identity/actor';
import { AppError } from '@/server/http/errors';
import { getBoardHeader } from '@/features/boards/server/service';
import type { BoardPageProps } from './BoardPage';

const text = (v: string | string[] | undefined, max: number): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/**
 * `/b/[board]`: the board's posts with every filter from the URL. A hidden board is the 404
 * screen; a sign-in-required workspace sends visitors to sign in (withShell). A stale or
 * hand-edited page link shows the first page rather than an error.
 */
export const getServerSideProps = withShell<BoardPageProps>((ctx, { actor }) =>
  // Visitors on embedded PGlite get the remembered page while nothing has changed (src/server/cache).
  keptFor(actor, `board:${ctx.resolvedUrl}`, () => loadBoardPage(ctx, actor), { board: text(ctx.params?.board, 60) }),
);

async function loadBoardPage(
  ctx: GetServerSidePropsContext,
  actor: Actor,
): Promise<GetServerSidePropsResult<BoardPageProps | typeof notFound>> {
  let board;
  try {
    const slug = text(ctx.params?.board, 60);
    // A public board's header is the same for everyone (remembered on the embedded database).
    board =
      keepsSharedCopies() && (await isPublicBoard(slug))
        ? await keptFor('anyone', `board-header:${slug.toLowerCase()}`, () => getBoardHeader(VISITOR, slug), 'none')
        : await getBoardHeader(actor, slug);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return { props: notFound };
    throw err;
  }
  const rawSort = text(ctx.query.sort, 20);
  const sort = (POST_SORTS as readonly string[]).includes(rawSort) ? (rawSort as PostSort) : undefined;
  const filters = {
    board: board.slug,
    sort,
    status: text(ctx.query.status, 60) || undefined,
    tag: text(ctx.query.tag, 60) || undefined,
    q: text(ctx.query.q, 200) || undefined,
  };
  const order = listOrderOf(filters);
  const closed = pageClosedMode(order, filters.status, ctx.query.closed);
  const pageLink = (name: 'cursor' | 'before') => {
    const raw = text(ctx.query[name], 400);
    return raw && cursorFits(raw, filters) ? raw : undefined;
  };
  // Both at once is no link this page makes: the page after wins.
  const cursor = pageLink('cursor');
  const before = cursor ? undefined : pageLink('before');
  const filtered = Boolean(filters.status || filters.tag || filters.q);

  const posts = await listPosts(actor, { ...filters, closed, cursor, before, limit: PAGE_SIZE }, board);
  const total = filtered ? await countPosts(actor, { ...filters, closed }, board) : null;
  const options = await boardFilterOptions(actor, board);
  return {
    props: {
      board,
      posts,
      filters: {
        sort: sort ?? null,
        status: filters.status ?? '',
        tag: filters.tag ?? '',
        q: filters.q ?? '',
        closed: ctx.query.closed === 'show',
      },
      order,
      closed,
      options,
      total,
      now: new Date().toISOString(),
    },
  };
}

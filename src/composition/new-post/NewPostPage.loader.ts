import { getVisibleBoard } from '@/features/boards/server/access-service';
import { canParticipate } from '@/core/identity/policy';
import { notFound, withShell } from '@/server/page/with-shell';
import { db } from '@/server/db/client';
import { AppError } from '@/server/http/errors';
import type { NewPostPageProps } from './NewPostPage';

/**
 * `/b/[board]/new`: visitors may write a draft (they sign in at submit); a board they may not
 * see is the 404 screen; an archived or team-only board says so instead of the form.
 */
export const getServerSideProps = withShell<NewPostPageProps>(async (ctx, { actor }) => {
  const slug = typeof ctx.params?.board === 'string' ? ctx.params.board : '';
  try {
    const board = await getVisibleBoard(db(), actor, slug);
    const open = canParticipate(actor, { posting: board.posting, archived: board.archivedAt !== null });
    const closedReason: NewPostPageProps['closedReason'] = open === 'forbidden' ? (board.archivedAt ? 'archived' : 'teamOnly') : null;
    return { props: { board: { slug: board.slug, name: board.name }, closedReason } };
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return { props: notFound };
    throw err;
  }
});

import Link from 'next/link';
import { Alert } from '@/components/ui/Alert';
import { PageHeading } from '@/components/ui/PageHeading';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/features/shell/types';
import { NewPostForm } from '../client/NewPostForm';

export type NewPostPageProps = {
  board: { slug: string; name: string };
  /** Set when the board takes no posts from this viewer (archived, or team-only). */
  closedReason: string | null;
};

/** `/b/[board]/new`: the new-post form. */
export default function NewPostPage({ shell, board, closedReason }: ShellProps & NewPostPageProps) {
  return (
    <>
      <PageHeading title="New post" siteName={shell.workspace.name}>
        on{' '}
        <Link href={paths.board(board.slug)} className="underline">
          {board.name}
        </Link>
      </PageHeading>
      {closedReason ? <Alert tone="info">{closedReason}</Alert> : <NewPostForm board={board.slug} signedIn={shell.viewer !== null} />}
    </>
  );
}

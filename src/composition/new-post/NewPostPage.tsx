import Link from 'next/link';
import { Alert } from '@/components/ui/Alert';
import { PageHeading } from '@/components/ui/PageHeading';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { useFlag } from '@/features/analytics/client/hooks';
import { NewPostForm } from '@/features/posts/client/NewPostForm';

export type NewPostPageProps = {
  board: { slug: string; name: string };
  /** Set when the board takes no posts from this viewer (archived, or team-only). */
  closedReason: string | null;
};

/** `/b/[board]/new`: the new-post form, with similar-post suggestions unless their feature flag is off. */
export default function NewPostPage({ shell, board, closedReason }: ShellProps & NewPostPageProps) {
  const suggestSimilar = useFlag('similar-post-suggestions');
  return (
    <>
      <PageHeading title="New post" siteName={shell.workspace.name}>
        on{' '}
        <Link href={paths.board(board.slug)} className="underline">
          {board.name}
        </Link>
      </PageHeading>
      {closedReason ? (
        <Alert tone="info">{closedReason}</Alert>
      ) : (
        <NewPostForm board={board.slug} signedIn={shell.viewer !== null} suggestSimilar={suggestSimilar} />
      )}
    </>
  );
}

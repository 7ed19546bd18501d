import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { PageHeading } from '@/components/ui/PageHeading';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { useFlag } from '@/features/analytics/client/hooks';
import { NewPostForm } from '@/features/posts/client/NewPostForm';
import { VoteButton } from '@/features/votes/client/VoteButton';

export type NewPostPageProps = {
  board: { slug: string; name: string };
  /** Set when the board takes no posts from this viewer: why, as a message key (archived, or team-only). */
  closedReason: 'archived' | 'teamOnly' | null;
};

/** `/b/[board]/new`: the new-post form, with similar-post suggestions unless their feature flag is off. */
export default function NewPostPage({ shell, board, closedReason }: ShellProps & NewPostPageProps) {
  const t = useTranslations('portal');
  const suggestSimilar = useFlag('similar-post-suggestions');
  return (
    <>
      <PageHeading title={t('newPost.title')} siteName={shell.workspace.name}>
        {t.rich('newPost.onBoard', {
          board: board.name,
          link: (chunks) => (
            <Link href={paths.board(board.slug)} className="underline">
              {chunks}
            </Link>
          ),
        })}
      </PageHeading>
      {closedReason ? (
        <Alert tone="info">{t(`newPost.closed.${closedReason}`)}</Alert>
      ) : (
        <NewPostForm
          board={board.slug}
          signedIn={shell.viewer !== null}
          suggestSimilar={suggestSimilar}
          // Vote for a suggestion instead of posting its duplicate.
          renderVote={(p) => (
            <VoteButton
              key={`${p.id}:${p.voteCount}:${p.voted}`}
              postNumber={p.number}
              postTitle={p.title}
              voted={p.voted}
              voteCount={p.voteCount}
              closedReason={p.votingClosed ? t(`postCard.closed.${p.votingClosed}`) : null}
              signedIn={shell.viewer !== null}
              size="sm"
            />
          )}
        />
      )}
    </>
  );
}

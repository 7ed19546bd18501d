import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { paths } from '@/config/paths';
import { isVotingOpenCategory } from '@/features/statuses/enums';
import { VoteButton } from '@/features/votes/client/VoteButton';
import type { Highlight, PostSummary } from '@/features/posts/schema';
import { useFormats } from '@/lib/use-formats';
import { StatusBadge, TagList } from '@/components/ui/Badges';
import { isolated } from '@/components/ui/bidi';

export interface PostCardProps {
  post: PostSummary;
  /** False for visitors: the vote button then asks them to sign in. */
  signedIn: boolean;
  /** The server's time when the page was made (ISO), for "2 hours ago". */
  now: string;
  /** The board is archived: voting is closed. */
  boardArchived?: boolean;
  /** Lists that span boards name each post's board. */
  showBoard?: boolean;
}

/**
 * The list that holds post cards: one bordered panel, cards divided by rules (a dense list, as
 * Canny's), each card a list item.
 */
export const POST_LIST_CLASS = 'flex flex-col divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface';

/** Search matches are text runs; matched runs become <mark>, never HTML. */
function Runs({ runs }: { runs: Highlight }) {
  return (
    <>
      {runs.map((r, i) =>
        r.match ? (
          <mark key={i} className="rounded-sm bg-yellow-200 px-0.5 text-zinc-950 dark:bg-yellow-300">
            {r.text}
          </mark>
        ) : (
          <span key={i}>{r.text}</span>
        ),
      )}
    </>
  );
}

/** Why the vote button is closed, as a message key (the words are in the `portal` catalogue). */
function closedReason(post: PostSummary, boardArchived: boolean) {
  if (boardArchived) return 'boardArchived' as const;
  if (post.approval !== 'approved') return 'awaitingApproval' as const;
  if (!isVotingOpenCategory(post.status?.category)) return 'votingClosed' as const;
  return null;
}

const mark = 'rounded px-1.5 py-px text-xs font-medium whitespace-nowrap';

/**
 * A post in a list, one dense row: the vote control (56 px square), the title, a one-line
 * excerpt (or the highlighted matches of a search), then status, tags, comments, board,
 * author and age. About 80 px for a one-line title (e2e/layout.spec.ts checks it).
 */
export function PostCard({ post, signedIn, now, boardArchived = false, showBoard = false }: PostCardProps) {
  const t = useTranslations('portal');
  const formats = useFormats();
  const closed = closedReason(post, boardArchived);
  return (
    <article
      className="flex items-start gap-3 px-3 py-2.5 sm:gap-4 sm:px-4"
      data-testid="post-card"
      aria-labelledby={`post-${post.number}-title`}
    >
      <VoteButton
        postNumber={post.number}
        postTitle={post.title}
        voted={post.voted}
        voteCount={post.voteCount}
        closedReason={closed ? t(`postCard.closed.${closed}`) : null}
        signedIn={signedIn}
        size="list"
      />
      <div className="min-w-0 flex-1">
        <h3 id={`post-${post.number}-title`} className="text-[0.95rem] leading-snug font-semibold break-words">
          <Link href={paths.post(post.number, post.slug)} className="hover:underline" data-testid="post-title" dir="auto">
            {post.highlight ? <Runs runs={post.highlight.title} /> : post.title}
          </Link>
          {post.pinned ? <span className={`ms-2 bg-accent/15 align-middle ${mark}`}>{t('postCard.pinned')}</span> : null}
          {post.approval === 'pending' ? (
            <span className={`ms-2 border border-border align-middle ${mark}`}>{t('postCard.awaitingApproval')}</span>
          ) : null}
        </h3>
        {post.highlight ? (
          <p className="line-clamp-2 text-sm leading-5 break-words text-muted" data-testid="post-excerpt" dir="auto">
            <Runs runs={post.highlight.excerpt} />
          </p>
        ) : post.excerpt ? (
          <p className="line-clamp-1 text-sm leading-5 break-words text-muted" data-testid="post-excerpt" dir="auto">
            {post.excerpt}
          </p>
        ) : null}
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs leading-5 text-muted">
          {post.status ? <StatusBadge status={post.status} testId="post-status" compact /> : null}
          <TagList tags={post.tags} compact />
          <span className="inline-flex items-center gap-1" data-testid="post-comments">
            <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5 fill-none stroke-current" strokeWidth="1.5">
              <path d="M2.5 3.5h11v7h-6l-3 2.5v-2.5h-2z" strokeLinejoin="round" />
            </svg>
            {formats.number(post.commentCount)}
            <span className="sr-only"> {t('postCard.commentsWord', { count: post.commentCount })}</span>
          </span>
          {showBoard ? (
            <Link href={paths.board(post.board.slug)} className="underline" dir="auto">
              {post.board.name}
            </Link>
          ) : null}
          <span>
            {post.author.isTeam ? (
              isolated((u) => t('postCard.teamAuthor', { name: u(post.author.displayName) }))
            ) : (
              <bdi>{post.author.displayName}</bdi>
            )}
            {' · '}
            <time dateTime={post.createdAt}>{formats.relative(post.createdAt, now)}</time>
          </span>
        </div>
      </div>
    </article>
  );
}

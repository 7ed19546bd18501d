import Link from 'next/link';
import { paths } from '@/config/paths';
import { isVotingOpenCategory } from '@/features/statuses/enums';
import { VoteButton } from '@/features/votes/client/VoteButton';
import type { Highlight, PostSummary } from '@/features/posts/schema';
import { relativeTime } from '@/features/posts/client/relative-time';
import { StatusBadge, TagList } from '@/components/ui/Badges';

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

function closedReason(post: PostSummary, boardArchived: boolean): string | null {
  if (boardArchived) return 'This board is archived.';
  if (post.approval !== 'approved') return 'This post is awaiting approval.';
  if (!isVotingOpenCategory(post.status?.category)) return 'Voting is closed for this post.';
  return null;
}

/** A post in a list: vote button, title, excerpt (or highlighted matches), status, tags, counts, author. */
export function PostCard({ post, signedIn, now, boardArchived = false, showBoard = false }: PostCardProps) {
  const comments = `${post.commentCount} ${post.commentCount === 1 ? 'comment' : 'comments'}`;
  return (
    <article
      className="flex gap-3 rounded-xl border border-border bg-surface p-3 sm:gap-4 sm:p-4"
      data-testid="post-card"
      aria-labelledby={`post-${post.number}-title`}
    >
      <VoteButton
        postNumber={post.number}
        postTitle={post.title}
        voted={post.voted}
        voteCount={post.voteCount}
        closedReason={closedReason(post, boardArchived)}
        signedIn={signedIn}
        size="sm"
      />
      <div className="min-w-0 flex-1">
        <h3 id={`post-${post.number}-title`} className="text-base font-semibold break-words">
          <Link href={paths.post(post.number, post.slug)} className="hover:underline" data-testid="post-title">
            {post.highlight ? <Runs runs={post.highlight.title} /> : post.title}
          </Link>
        </h3>
        {post.pinned || post.approval === 'pending' ? (
          <p className="mt-1 flex flex-wrap gap-2 text-xs font-medium">
            {post.pinned ? <span className="rounded bg-accent/15 px-1.5 py-0.5">Pinned</span> : null}
            {post.approval === 'pending' ? <span className="rounded border border-border px-1.5 py-0.5">Awaiting approval</span> : null}
          </p>
        ) : null}
        {post.highlight ? (
          <p className="mt-1 text-sm break-words text-muted" data-testid="post-excerpt">
            <Runs runs={post.highlight.excerpt} />
          </p>
        ) : post.excerpt ? (
          <p className="mt-1 line-clamp-2 text-sm break-words text-muted" data-testid="post-excerpt">
            {post.excerpt}
          </p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
          {post.status ? <StatusBadge status={post.status} testId="post-status" /> : null}
          <TagList tags={post.tags} compact />
          <span>{comments}</span>
          {showBoard ? (
            <Link href={paths.board(post.board.slug)} className="underline">
              {post.board.name}
            </Link>
          ) : null}
          <span>
            {post.author.displayName}
            {post.author.isTeam ? ' (team)' : ''} · <time dateTime={post.createdAt}>{relativeTime(post.createdAt, now)}</time>
          </span>
        </div>
      </div>
    </article>
  );
}

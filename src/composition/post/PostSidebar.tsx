/**
 * The post page's property sidebar (beside the post from 1024 px, below it on narrower screens):
 * the vote and its count, the post's properties, who wrote it and when, the bell, and the voters.
 * Everyone gets it as plain text; the team's editors (properties in place, merge, vote on behalf)
 * are loaded on demand, so members and visitors never download them.
 */
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { Avatar } from '@/components/ui/Avatar';
import { StatusBadge, TagList, TeamBadge } from '@/components/ui/Badges';
import { paths } from '@/config/paths';
import { SubscribeButton } from '@/features/subscriptions/client/SubscribeButton';
import { VoteButton } from '@/features/votes/client/VoteButton';
import { VotersList } from '@/features/votes/client/VotersList';
import { formatDate } from '@/lib/dates';
import type { PropertyKey } from '@/features/posts/client/properties/PostProperties';
import type { PostPageProps } from './post-page-types';

const TeamProperties = dynamic(() => import('./PostTeamSidebar').then((m) => m.TeamProperties), {
  loading: () => <p className="m-0 py-2 text-sm text-muted">Loading the editors…</p>,
});
const AddVoter = dynamic(() => import('./PostTeamSidebar').then((m) => m.AddVoter));

/** One property as a row: its name and its value (the team's editors use the same grid). */
export function PropertyRow({
  label,
  children,
  testId,
  wideOnly,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  /** Shown from 1024 px only (narrower, the page says it under the title). */
  wideOnly?: boolean;
}) {
  return (
    <div
      className={`${wideOnly ? 'hidden lg:grid' : 'grid'} grid-cols-[6.5rem_minmax(0,1fr)] items-center gap-2 py-1 text-sm`}
      data-testid={testId}
    >
      <dt className="text-muted">{label}</dt>
      <dd className="m-0 flex min-h-7 min-w-0 flex-wrap items-center gap-1.5 px-2">{children}</dd>
    </div>
  );
}

const None = ({ children }: { children: string }) => <span className="text-muted">{children}</span>;

type Props = Pick<PostPageProps, 'post' | 'etaLabel' | 'voters' | 'viewer' | 'team'> & { signedIn: boolean };

export function PostSidebar({ post, etaLabel, voters, viewer, team, signedIn }: Props) {
  // Which of the team's editors is open (one at a time).
  const [open, setOpen] = useState<PropertyKey | null>(null);
  return (
    <section aria-labelledby="post-details-heading" className="flex flex-col gap-5" data-testid="post-sidebar">
      <h2 id="post-details-heading" className="sr-only">
        About this post
      </h2>
      <VoteButton
        key={`${post.voted}-${post.voteCount}`}
        postNumber={post.number}
        postTitle={post.title}
        voted={post.voted}
        voteCount={post.voteCount}
        closedReason={viewer.votingClosedReason}
        signedIn={signedIn}
        size="wide"
      />
      {viewer.votingClosedReason ? (
        <p className="-mt-3 mb-0 text-xs text-muted" data-testid="voting-closed">
          {viewer.votingClosedReason}
        </p>
      ) : null}

      <div className="rounded-xl border border-border bg-surface p-3">
        {team ? (
          <TeamProperties post={post} team={team} open={open} onOpenChange={setOpen} />
        ) : (
          <dl className="m-0" data-testid="post-properties-readonly">
            <PropertyRow label="Status">
              <StatusBadge status={post.status} />
            </PropertyRow>
            <PropertyRow label="Tags">
              {post.tags.length ? <TagList tags={post.tags} compact testId="post-tags" /> : <None>None</None>}
            </PropertyRow>
            {etaLabel ? (
              <PropertyRow label="ETA" testId="post-eta">
                {etaLabel}
              </PropertyRow>
            ) : null}
          </dl>
        )}
        <dl className="m-0 mt-1 border-t border-border pt-1">
          <PropertyRow label="Board">
            <Link href={paths.board(post.board.slug)} className="truncate underline">
              {post.board.name}
            </Link>
          </PropertyRow>
          <PropertyRow label="Author" wideOnly>
            <Avatar name={post.author.displayName} url={post.author.avatarUrl} size={20} />
            <span className="max-w-full truncate">{post.author.displayName}</span>
            {post.author.isTeam ? <TeamBadge /> : null}
          </PropertyRow>
          <PropertyRow label="Posted" wideOnly>
            <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
          </PropertyRow>
          <PropertyRow label="Number">#{post.number}</PropertyRow>
        </dl>
      </div>

      {signedIn && !post.mergedInto ? <SubscribeButton postNumber={post.number} /> : null}

      <VotersList postNumber={post.number} voters={voters} total={post.voteCount} isTeam={viewer.isTeam}>
        {team && !post.mergedInto ? <AddVoter postNumber={post.number} /> : null}
      </VotersList>
    </section>
  );
}

/**
 * The post page's property sidebar (beside the post from 1024 px, below it on narrower screens):
 * the vote and its count, the post's properties, who wrote it and when, the bell, and the voters.
 * Everyone gets it as plain text; the team's editors (properties in place, merge, vote on behalf)
 * are loaded on demand, so members and visitors never download them.
 */
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { useFormatter, useTranslations } from 'use-intl';
import { Avatar } from '@/components/ui/Avatar';
import { StatusBadge, TagList, TeamBadge } from '@/components/ui/Badges';
import { paths } from '@/config/paths';
import { SubscribeButton } from '@/features/subscriptions/client/SubscribeButton';
import { VoteButton } from '@/features/votes/client/VoteButton';
import { VotersList } from '@/features/votes/client/VotersList';
import { useFormats } from '@/lib/use-formats';
import type { PropertyKey } from '@/features/posts/client/properties/PostProperties';
import type { PostPageProps } from './post-page-types';

function LoadingEditors() {
  const t = useTranslations('post');
  return <p className="m-0 py-2 text-sm text-muted">{t('sidebar.loadingEditors')}</p>;
}

const TeamProperties = dynamic(() => import('./PostTeamSidebar').then((m) => m.TeamProperties), {
  loading: LoadingEditors,
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

type Props = Pick<PostPageProps, 'post' | 'eta' | 'voters' | 'viewer' | 'team'> & { signedIn: boolean };

/** "March 2027" or "Q1 2027" (from "2027-03" or "2027-Q1"), in the page's language. */
function useEtaLabel(eta: string | null): string | null {
  const t = useTranslations('post');
  const format = useFormatter();
  if (!eta) return null;
  const [year, part] = eta.split('-') as [string, string];
  if (part.startsWith('Q')) return t('sidebar.etaQuarter', { quarter: part.slice(1), year });
  return format.dateTime(new Date(Date.UTC(Number(year), Number(part) - 1, 1)), { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export function PostSidebar({ post, eta, voters, viewer, team, signedIn }: Props) {
  const t = useTranslations('post');
  const formats = useFormats();
  const etaLabel = useEtaLabel(eta);
  const closedReason = viewer.votingClosedReason ? t(`votingClosed.${viewer.votingClosedReason}`) : null;
  // Which of the team's editors is open (one at a time).
  const [open, setOpen] = useState<PropertyKey | null>(null);
  return (
    <section aria-labelledby="post-details-heading" className="flex flex-col gap-5" data-testid="post-sidebar">
      <h2 id="post-details-heading" className="sr-only">
        {t('sidebar.heading')}
      </h2>
      <VoteButton
        key={`${post.voted}-${post.voteCount}`}
        postNumber={post.number}
        postTitle={post.title}
        voted={post.voted}
        voteCount={post.voteCount}
        closedReason={closedReason}
        signedIn={signedIn}
        size="wide"
      />
      {closedReason ? (
        <p className="-mt-3 mb-0 text-xs text-muted" data-testid="voting-closed">
          {closedReason}
        </p>
      ) : null}

      <div className="rounded-xl border border-border bg-surface p-3">
        {team ? (
          <TeamProperties post={post} team={team} open={open} onOpenChange={setOpen} />
        ) : (
          <dl className="m-0" data-testid="post-properties-readonly">
            <PropertyRow label={t('sidebar.status')}>
              <StatusBadge status={post.status} />
            </PropertyRow>
            <PropertyRow label={t('sidebar.tags')}>
              {post.tags.length ? <TagList tags={post.tags} compact testId="post-tags" /> : <None>{t('sidebar.none')}</None>}
            </PropertyRow>
            {etaLabel ? (
              <PropertyRow label={t('sidebar.eta')} testId="post-eta">
                {etaLabel}
              </PropertyRow>
            ) : null}
          </dl>
        )}
        <dl className="m-0 mt-1 border-t border-border pt-1">
          <PropertyRow label={t('sidebar.board')}>
            <Link href={paths.board(post.board.slug)} className="truncate underline" dir="auto">
              {post.board.name}
            </Link>
          </PropertyRow>
          <PropertyRow label={t('sidebar.author')} wideOnly>
            <Avatar name={post.author.displayName} url={post.author.avatarUrl} size={20} />
            <span className="max-w-full truncate" dir="auto" data-testid="sidebar-author">
              {post.author.displayName}
            </span>
            {post.author.isTeam ? <TeamBadge /> : null}
          </PropertyRow>
          <PropertyRow label={t('sidebar.posted')} wideOnly>
            <time dateTime={post.createdAt}>{formats.date(post.createdAt)}</time>
          </PropertyRow>
          <PropertyRow label={t('sidebar.number')}>{`#${post.number}`}</PropertyRow>
        </dl>
      </div>

      {signedIn && !post.mergedInto ? <SubscribeButton postNumber={post.number} /> : null}

      <VotersList postNumber={post.number} voters={voters} total={post.voteCount} isTeam={viewer.isTeam}>
        {team && !post.mergedInto ? <AddVoter postNumber={post.number} /> : null}
      </VotersList>
    </section>
  );
}

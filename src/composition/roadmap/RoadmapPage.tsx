import { useRouter } from 'next/router';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeading } from '@/components/ui/PageHeading';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { useFlag } from '@/features/analytics/client/hooks';
import { LiveRefresh, LiveUpdates, useLiveUpdates } from '@/lib/live';
import { RoadmapBoard, type RoadmapFilterValues } from '@/features/roadmap/client/RoadmapBoard';
import type { Roadmap, RoadmapCard } from '@/features/roadmap/schema';
import { isVotingOpenCategory } from '@/features/statuses/enums';
import type { StatusRef } from '@/features/statuses/schema';
import { VoteButton } from '@/features/votes/client/VoteButton';
import { useFormats } from '@/lib/use-formats';

export type RoadmapPageProps = {
  roadmap: Roadmap;
  filters: RoadmapFilterValues;
  options: { boards: { slug: string; name: string }[]; tags: string[] };
  /** The reader is on the team: cards can be moved. */
  canMove: boolean;
};

const selectClass = 'rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg';

/** Why the vote button is closed, as a message key (shared with the post cards' words). */
function closedReason(card: RoadmapCard, status: StatusRef) {
  if (card.board.archived) return 'boardArchived' as const;
  if (!isVotingOpenCategory(status.category)) return 'votingClosed' as const;
  return null;
}

/** A card's votes when voting from the roadmap is off: the count, and whether you voted. */
function VoteCount({ card }: { card: RoadmapCard }) {
  const t = useTranslations('portal');
  const formats = useFormats();
  const [live, setLive] = useState<{ from: number; votes: number } | null>(null);
  useLiveUpdates((u) => {
    if (u.kind === 'votes' && u.post === card.number) setLive({ from: card.voteCount, votes: u.votes });
  });
  // A live count holds until the page's data brings a newer one.
  const count = live && live.from === card.voteCount ? live.votes : card.voteCount;
  return (
    <p
      className="flex h-11 w-11 shrink-0 flex-col items-center justify-center rounded-lg border border-border text-xs"
      data-testid="vote-count-static"
    >
      <span className="font-semibold">{formats.number(count)}</span>
      <span className="sr-only">{t('roadmap.votesWord', { count })}</span>
      {card.voted ? <span className="text-[10px] text-muted">{t('roadmap.youVoted')}</span> : null}
    </p>
  );
}

/** Board and tag filters as one GET form: it works without JavaScript; with it, a client navigation. */
function RoadmapFilters({ filters, options }: Pick<RoadmapPageProps, 'filters' | 'options'>) {
  const t = useTranslations('portal');
  const router = useRouter();
  const [board, setBoard] = useState(filters.board);
  const [tag, setTag] = useState(filters.tag);
  const tagOptions =
    filters.tag && !options.tags.some((x) => x.toLowerCase() === filters.tag.toLowerCase()) ? [...options.tags, filters.tag] : options.tags;
  return (
    <form
      role="search"
      aria-label={t('roadmap.filterLabel')}
      action={paths.roadmap()}
      method="get"
      className="mb-6 flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void router.push(paths.roadmap({ board: board || undefined, tag: tag || undefined, done: filters.done }));
      }}
    >
      {filters.done === 'all' ? <input type="hidden" name="done" value="all" /> : null}
      <div className="flex flex-col gap-1">
        <label htmlFor="roadmap-board" className="text-sm font-medium">
          {t('filters.board')}
        </label>
        <select
          id="roadmap-board"
          name="board"
          value={board}
          onChange={(e) => setBoard(e.target.value)}
          className={selectClass}
          data-testid="roadmap-board"
        >
          <option value="">{t('filters.allBoards')}</option>
          {options.boards.map((b) => (
            <option key={b.slug} value={b.slug} dir="auto">
              {b.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="roadmap-tag" className="text-sm font-medium">
          {t('filters.tag')}
        </label>
        <select
          id="roadmap-tag"
          name="tag"
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          className={selectClass}
          data-testid="roadmap-tag"
        >
          <option value="">{t('filters.anyTag')}</option>
          {tagOptions.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" data-testid="roadmap-apply">
        {t('filters.apply')}
      </Button>
    </form>
  );
}

/** The team's words on the roadmap (carried only on the team's pages: portalTeam). */
function TeamIntro() {
  const t = useTranslations('portalTeam');
  return <> {t('roadmap.intro')}</>;
}

function AdminEmpty() {
  const t = useTranslations('portalTeam');
  return <>{t('roadmap.emptyAdmin')}</>;
}

/** `/roadmap`: what is planned, in progress and recently done (SPEC.md §2). */
export default function RoadmapPage({ shell, roadmap, filters, options, canMove }: ShellProps & RoadmapPageProps) {
  const t = useTranslations('portal');
  const voting = useFlag('roadmap-voting');
  const signedIn = Boolean(shell.viewer);
  const closedReasonText = (card: RoadmapCard, status: StatusRef) => {
    const reason = closedReason(card, status);
    return reason ? t(`postCard.closed.${reason}`) : null;
  };
  return (
    <LiveUpdates topics={{ roadmap: true }}>
      {/* Votes update in place; a status change, merge or approval reloads the columns. */}
      <LiveRefresh when={(u) => u.kind === 'post'} />
      <PageHeading title={t('roadmap.title')} siteName={shell.workspace.name}>
        {t('roadmap.intro')}
        {canMove ? <TeamIntro /> : null}
      </PageHeading>
      {roadmap.columns.length === 0 ? (
        <EmptyState title={t('roadmap.empty.title')} testId="roadmap-empty">
          {shell.viewer?.role === 'admin' ? <AdminEmpty /> : t('roadmap.empty.other')}
        </EmptyState>
      ) : (
        <>
          <RoadmapFilters filters={filters} options={options} />
          <RoadmapBoard
            roadmap={roadmap}
            filters={filters}
            canMove={canMove}
            renderVote={(card, status) =>
              voting ? (
                <VoteButton
                  key={`${card.id}:${card.voteCount}:${card.voted}`}
                  postNumber={card.number}
                  postTitle={card.title}
                  voted={card.voted}
                  voteCount={card.voteCount}
                  closedReason={closedReasonText(card, status)}
                  signedIn={signedIn}
                  size="sm"
                />
              ) : (
                <VoteCount card={card} />
              )
            }
          />
        </>
      )}
    </LiveUpdates>
  );
}

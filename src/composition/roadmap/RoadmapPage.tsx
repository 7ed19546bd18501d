import { useRouter } from 'next/router';
import { useState } from 'react';
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

export type RoadmapPageProps = {
  roadmap: Roadmap;
  filters: RoadmapFilterValues;
  options: { boards: { slug: string; name: string }[]; tags: string[] };
  /** The reader is on the team: cards can be moved. */
  canMove: boolean;
};

const selectClass = 'rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg';

function closedReason(card: RoadmapCard, status: StatusRef): string | null {
  if (card.board.archived) return 'This board is archived.';
  if (!isVotingOpenCategory(status.category)) return 'Voting is closed for this post.';
  return null;
}

/** A card's votes when voting from the roadmap is off: the count, and whether you voted. */
function VoteCount({ card }: { card: RoadmapCard }) {
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
      <span className="font-semibold">{count}</span>
      <span className="sr-only">{count === 1 ? 'vote' : 'votes'}</span>
      {card.voted ? <span className="text-[10px] text-muted">You voted</span> : null}
    </p>
  );
}

/** Board and tag filters as one GET form: it works without JavaScript; with it, a client navigation. */
function RoadmapFilters({ filters, options }: Pick<RoadmapPageProps, 'filters' | 'options'>) {
  const router = useRouter();
  const [board, setBoard] = useState(filters.board);
  const [tag, setTag] = useState(filters.tag);
  const tagOptions =
    filters.tag && !options.tags.some((t) => t.toLowerCase() === filters.tag.toLowerCase()) ? [...options.tags, filters.tag] : options.tags;
  return (
    <form
      role="search"
      aria-label="Filter the roadmap"
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
          Board
        </label>
        <select
          id="roadmap-board"
          name="board"
          value={board}
          onChange={(e) => setBoard(e.target.value)}
          className={selectClass}
          data-testid="roadmap-board"
        >
          <option value="">All boards</option>
          {options.boards.map((b) => (
            <option key={b.slug} value={b.slug}>
              {b.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="roadmap-tag" className="text-sm font-medium">
          Tag
        </label>
        <select
          id="roadmap-tag"
          name="tag"
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          className={selectClass}
          data-testid="roadmap-tag"
        >
          <option value="">Any tag</option>
          {tagOptions.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" data-testid="roadmap-apply">
        Apply
      </Button>
    </form>
  );
}

/** `/roadmap`: what is planned, in progress and recently done (SPEC.md §2). */
export default function RoadmapPage({ shell, roadmap, filters, options, canMove }: ShellProps & RoadmapPageProps) {
  const voting = useFlag('roadmap-voting');
  const signedIn = Boolean(shell.viewer);
  return (
    <LiveUpdates topics={{ roadmap: true }}>
      {/* Votes update in place; a status change, merge or approval reloads the columns. */}
      <LiveRefresh when={(u) => u.kind === 'post'} />
      <PageHeading title="Roadmap" siteName={shell.workspace.name}>
        What the team has planned, what it is building now, and what shipped recently.
        {canMove ? ' Drag a card by its handle, or use “Move to…”, to change its status.' : null}
      </PageHeading>
      {roadmap.columns.length === 0 ? (
        <EmptyState title="No roadmap yet" testId="roadmap-empty">
          {shell.viewer?.role === 'admin'
            ? 'The roadmap shows the statuses marked “on roadmap” in the planned, in progress and done categories. Mark one in Statuses to show it here.'
            : 'When the team puts its plans on the roadmap, they appear here.'}
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
                  closedReason={closedReason(card, status)}
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

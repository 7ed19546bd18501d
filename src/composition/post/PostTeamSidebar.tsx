/**
 * The team's part of the post page's sidebar, loaded on demand (next/dynamic from PostSidebar):
 * every property edited in place, merge through the title picker (or unmerge), and "add a voter"
 * (a vote on someone's behalf). After a change the page's data is loaded again, so the history,
 * the counts and the notices stay true.
 */
import * as Popover from '@radix-ui/react-popover';
import { useRouter } from 'next/router';
import { refreshPage } from '@/lib/refresh';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { PostProperties, type PropertyKey } from '@/features/posts/client/properties/PostProperties';
import { UnmergeControl } from '@/features/votes/client/UnmergeControl';
import { VoteOnBehalf } from '@/features/votes/client/VoteOnBehalf';
import type { PostPageProps } from './post-page-types';

function useReload() {
  const router = useRouter();
  return async () => {
    await refreshPage(router);
  };
}

export function TeamProperties({
  post,
  team,
  open,
  onOpenChange,
}: {
  post: PostPageProps['post'];
  team: NonNullable<PostPageProps['team']>;
  open: PropertyKey | null;
  onOpenChange: (key: PropertyKey | null) => void;
}) {
  const reload = useReload();
  return (
    <>
      <PostProperties
        post={{
          number: post.number,
          title: post.title,
          voteCount: post.voteCount,
          board: post.board,
          status: post.status,
          tags: post.tags,
          approval: post.approval,
          merged: post.mergedInto !== null,
          team: team.properties,
        }}
        catalogs={{ statuses: team.statuses, tags: team.tags, team: team.members, weights: team.weights }}
        open={open}
        onOpenChange={onOpenChange}
        onChanged={() => void reload()}
      />
      {post.mergedInto ? (
        <div className="mt-2">
          <UnmergeControl postNumber={post.number} mergedInto={post.mergedInto} onUnmerged={reload} />
        </div>
      ) : null}
    </>
  );
}

/** "Add a voter": the vote-on-behalf form in a popover beside the voters. */
export function AddVoter({ postNumber }: { postNumber: number }) {
  const t = useTranslations('postTeam');
  const [open, setOpen] = useState(false);
  const reload = useReload();
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          className="rounded-md border border-border bg-surface px-3 py-1.5 text-sm font-medium hover:bg-bg"
          data-testid="add-voter"
        >
          {t('addVoter')}
        </button>
      </Popover.Trigger>
      <Popover.Content
        align="start"
        sideOffset={4}
        collisionPadding={8}
        className="z-40 w-[min(22rem,calc(100vw-1rem))] rounded-lg border border-border bg-surface p-4 text-fg shadow-lg"
        aria-label={t('onBehalf.heading')}
      >
        <VoteOnBehalf postNumber={postNumber} onVoted={() => void reload()} />
      </Popover.Content>
    </Popover.Root>
  );
}

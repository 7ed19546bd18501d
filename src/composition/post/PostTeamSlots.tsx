/**
 * The team's controls on the post page, and the subscribe bell. The team-only ones are loaded
 * on demand (next/dynamic): they carry forms (zod, react-hook-form) that nobody else needs, so
 * the page stays light for members and visitors.
 */
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import type { StatusRef } from '@/features/statuses/schema';
import type { TagRef } from '@/features/tags/schema';
import type { MergeControlProps } from '@/features/votes/client/MergeControl';

interface PostRef {
  number: number;
  title: string;
}

const VoteOnBehalf = dynamic(() => import('@/features/votes/client/VoteOnBehalf').then((m) => m.VoteOnBehalf));
const MergeControl = dynamic(() => import('@/features/votes/client/MergeControl').then((m) => m.MergeControl));
const PostStatusControl = dynamic(() => import('@/features/posts/client/PostStatusControl').then((m) => m.PostStatusControl));
const PostTagsControl = dynamic(() => import('@/features/posts/client/PostTagsControl').then((m) => m.PostTagsControl));

/** Status (with a public note) and tags: team only. */
export function ModeratorPanelSlot({
  post,
  statuses,
  tags,
}: {
  post: PostRef & { status: StatusRef | null; tags: TagRef[] };
  statuses: StatusRef[];
  tags: TagRef[];
}) {
  // Each control is its own titled section; min-w-0 lets them shrink inside the grid on narrow screens.
  return (
    <div className="mt-8 grid gap-4 md:grid-cols-2 [&>*]:min-w-0" data-testid="moderator-panel">
      <PostStatusControl postNumber={post.number} statuses={statuses} current={post.status} />
      <PostTagsControl postNumber={post.number} tags={tags} selected={post.tags} />
    </div>
  );
}

/** Vote on behalf of a person by email: team only. The page's data (count, voters) is reloaded after. */
export function VoteOnBehalfSlot({ post }: { post: PostRef }) {
  const router = useRouter();
  return <VoteOnBehalf postNumber={post.number} onVoted={() => void router.replace(router.asPath, undefined, { scroll: false })} />;
}

/** Merge this post into another, or unmerge it: team only. */
export function MergeSlot({ post, mergedInto }: { post: PostRef; mergedInto: MergeControlProps['mergedInto'] }) {
  return <MergeControl postNumber={post.number} mergedInto={mergedInto} />;
}

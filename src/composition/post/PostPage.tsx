import Head from 'next/head';
import Link from 'next/link';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { Markdown } from '@/components/ui/Markdown';
import { paths } from '@/config/paths';
import { CommentThread } from '@/features/comments/client/CommentThread';
import type { ShellProps } from '@/core/shell';
import { VoteButton } from '@/features/votes/client/VoteButton';
import { formatDate } from '@/lib/dates';
import { DeletePostButton, PostEditForm } from '@/features/posts/client/PostEditor';
import { MergedDuplicates } from '@/features/posts/client/MergedDuplicates';
import { StatusHistory } from '@/features/posts/client/StatusHistory';
import { VotersList } from '@/features/votes/client/VotersList';
import { MergeSlot, ModeratorPanelSlot, VoteOnBehalfSlot } from './PostTeamSlots';
import { StatusBadge, TagList, TeamBadge } from '@/components/ui/Badges';
import type { PostPageProps } from './post-page-types';

/**
 * `/p/[number]`: one post with its body, votes and voters, status history, merged duplicates
 * and comments. The integrator's team controls go in the marked places (props carry their data).
 */
export default function PostPage({
  shell,
  post,
  bodyDoc,
  canonicalUrl,
  history,
  voters,
  duplicates,
  comments,
  shippedIn,
  viewer,
  moderation,
}: ShellProps & PostPageProps) {
  const [editing, setEditing] = useState(false);
  const signedIn = shell.viewer !== null;
  return (
    <article data-testid="post" className="mx-auto max-w-3xl">
      <Head>
        <title>{`${post.title} · ${shell.workspace.name}`}</title>
        <link rel="canonical" href={canonicalUrl} />
      </Head>

      {post.mergedInto ? (
        <div className="mb-4">
          <Alert testId="merged-banner">
            {post.mergedInto.number === null ? (
              // The target is hidden from this reader (private board, pending, rejected or deleted): say that, not where.
              <>This post was merged into another post that you can&apos;t see. It is read-only.</>
            ) : (
              <>
                This post was merged into{' '}
                <Link href={paths.post(post.mergedInto.number, post.mergedInto.slug)} className="font-medium underline">
                  #{post.mergedInto.number} {post.mergedInto.title}
                </Link>
                . It is read-only; vote and comment there.
              </>
            )}
          </Alert>
        </div>
      ) : null}
      {post.approval === 'pending' ? (
        <div className="mb-4">
          <Alert testId="pending-notice">
            This post is awaiting approval. Only you and the team can see it until a moderator approves it.
          </Alert>
        </div>
      ) : null}
      {post.approval === 'rejected' ? (
        <div className="mb-4">
          <Alert tone="error" testId="rejected-notice">
            This post was rejected by a moderator. Only the team can see it.
          </Alert>
        </div>
      ) : null}

      <div className="flex items-start gap-4">
        <VoteButton
          key={`${post.voted}-${post.voteCount}`}
          postNumber={post.number}
          postTitle={post.title}
          voted={post.voted}
          voteCount={post.voteCount}
          closedReason={viewer.votingClosedReason}
          signedIn={signedIn}
        />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold break-words sm:text-3xl">{post.title}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <span className="flex items-center gap-1.5 text-fg" data-testid="post-author">
              <Avatar name={post.author.displayName} url={post.author.avatarUrl} size={24} />
              {post.author.displayName}
              {post.author.isTeam ? <TeamBadge /> : null}
            </span>
            <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
            <Link href={paths.board(post.board.slug)} className="underline">
              {post.board.name}
            </Link>
            <StatusBadge status={post.status} />
            <span>#{post.number}</span>
          </div>
          <TagList tags={post.tags} testId="post-tags" />
          {shippedIn.length ? (
            <p className="mt-2 text-sm" data-testid="shipped-in">
              Shipped in{' '}
              {shippedIn.map((e, i) => (
                <span key={e.slug}>
                  {i > 0 ? ', ' : null}
                  <Link href={paths.changelogEntry(e.slug)} className="font-medium underline">
                    {e.title}
                  </Link>
                </span>
              ))}
            </p>
          ) : null}
        </div>
      </div>

      <div className="mt-6">
        {editing ? (
          <PostEditForm number={post.number} title={post.title} body={post.body} onDone={() => setEditing(false)} />
        ) : bodyDoc.length ? (
          <Markdown doc={bodyDoc} className="break-words" />
        ) : (
          <p className="text-sm text-muted">No description.</p>
        )}
      </div>

      {!editing && (viewer.canEdit || viewer.canDelete || viewer.editRefusal) ? (
        <div className="mt-4 flex flex-wrap items-center gap-2" data-testid="post-actions">
          {viewer.canEdit ? (
            <Button variant="secondary" onClick={() => setEditing(true)} data-testid="post-edit">
              Edit
            </Button>
          ) : null}
          {viewer.canDelete ? <DeletePostButton number={post.number} title={post.title} boardSlug={post.board.slug} /> : null}
          {!viewer.canEdit && viewer.editRefusal ? <span className="text-xs text-muted">{viewer.editRefusal}</span> : null}
        </div>
      ) : null}

      {viewer.isTeam ? (
        <>
          <ModeratorPanelSlot post={post} statuses={moderation.statuses} tags={moderation.tags} />
          <VoteOnBehalfSlot post={post} />
          <MergeSlot post={post} mergedInto={post.mergedInto} />
        </>
      ) : null}

      <StatusHistory history={history} />
      <VotersList voters={voters} total={post.voteCount} />
      <MergedDuplicates duplicates={duplicates} />
      <CommentThread
        postNumber={post.number}
        comments={comments}
        canComment={viewer.canComment}
        refusal={viewer.commentRefusal}
        signedIn={signedIn}
        isTeam={viewer.isTeam}
      />
    </article>
  );
}

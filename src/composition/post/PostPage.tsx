import dynamic from 'next/dynamic';
import Head from 'next/head';
import Link from 'next/link';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { Markdown } from '@/components/ui/Markdown';
import { paths } from '@/config/paths';
import { CommentThread } from '@/features/comments/client/CommentThread';
import type { ShellProps } from '@/core/shell';
import { LiveRefresh, LiveUpdates, type LiveUpdate } from '@/lib/live';
import { MergedDuplicates } from '@/features/posts/client/MergedDuplicates';
import { StatusHistory } from '@/features/posts/client/StatusHistory';
import { TeamBadge } from '@/components/ui/Badges';
import { useFormats } from '@/lib/use-formats';
import { plainExcerpt } from '@/lib/markdown-tree';
import { ownSlot, useAuthorControls } from '@/lib/personal-own';
import { PostSidebar } from './PostSidebar';
import type { PostPageProps } from './post-page-types';
import { isolatedRich } from '@/components/ui/bidi';

// The author's and the team's controls, downloaded only by those who get them (or when editing starts).
function LoadingEditor() {
  const t = useTranslations('post');
  return <p className="text-sm text-muted">{t('page.loadingEditor')}</p>;
}

const PostEditForm = dynamic(() => import('@/features/posts/client/PostEditor').then((m) => m.PostEditForm), {
  loading: LoadingEditor,
});

/** Why an author may no longer edit their post: the codes `editRefusalCode` gives an author. */
const AUTHOR_REFUSALS = ['merged', 'statusChanged', 'windowClosed'] as const;

/**
 * The post's Edit and Delete, and why its author can no longer edit it. On a shared render each
 * is drawn, hidden unless it is the reader's (src/lib/personal-own.ts).
 */
function PostActions({ post, viewer, onEdit }: Pick<PostPageProps, 'post' | 'viewer'> & { onEdit: () => void }) {
  const t = useTranslations('post');
  const control = useAuthorControls();
  const n = post.number;
  const edit = control(ownSlot.post(n, 'edit'), viewer.canEdit);
  const remove = control(ownSlot.post(n, 'delete'), viewer.canDelete);
  const refusals = AUTHOR_REFUSALS.map((code) => ({
    code,
    control: control(ownSlot.post(n, `refusal:${code}`), !viewer.canEdit && viewer.editRefusal === code),
  }));
  const row = control(
    ownSlot.post(n),
    [edit, remove, ...refusals.map((r) => r.control)].some((c) => c && !c.hidden),
  );
  if (!row) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2" data-testid="post-actions" {...row}>
      {edit ? (
        <Button variant="secondary" onClick={onEdit} data-testid="post-edit" {...edit}>
          {t('page.edit')}
        </Button>
      ) : null}
      {remove ? <DeletePostButton number={n} title={post.title} boardSlug={post.board.slug} control={remove} /> : null}
      {refusals.map(({ code, control: refusal }) =>
        refusal ? (
          <span key={code} className="text-xs text-muted" {...refusal}>
            {t(`editRefusal.${code}`)}
          </span>
        ) : null,
      )}
    </div>
  );
}

/** Only the team sees a rejected post (its words travel to the team only). */
function RejectedNotice() {
  const t = useTranslations('postTeam');
  return (
    <Alert tone="error" testId="rejected-notice">
      {t('rejected')}
    </Alert>
  );
}
const DeletePostButton = dynamic(() => import('@/features/posts/client/PostDelete').then((m) => m.DeletePostButton));

/**
 * `/p/[number]`: one post with its body, status history, merged duplicates and comments, and a
 * property sidebar (the vote, properties, the bell, the voters; the team edits there in place).
 * Two columns from 1024 px; below that the sidebar follows the post's text.
 */
export default function PostPage({
  shell,
  post,
  eta,
  bodyDoc,
  canonicalUrl,
  history,
  voters,
  duplicates,
  comments,
  shippedIn,
  viewer,
  team,
}: ShellProps & PostPageProps) {
  const t = useTranslations('post');
  const formats = useFormats();
  const [editing, setEditing] = useState(false);
  const signedIn = shell.viewer !== null;
  // Status changes, merges and new comments reload the page's data; votes update in place.
  const target = post.mergedInto?.number != null ? post.mergedInto : null;
  const changed = (u: LiveUpdate) => (u.kind === 'post' || u.kind === 'comment') && u.post === post.number;
  return (
    <LiveUpdates topics={{ post: post.number }}>
      <LiveRefresh when={changed} />
      <article data-testid="post">
        <Head>
          <title>{`${post.title} · ${shell.workspace.name}`}</title>
          <meta name="description" key="description" content={plainExcerpt(post.body, 160) || post.title} />
          <link rel="canonical" href={canonicalUrl} />
        </Head>

        {post.mergedInto ? (
          <div className="mb-4">
            <Alert testId="merged-banner">
              {target === null
                ? // The target is hidden from this reader (private board, pending, rejected or deleted): say that, not where.
                  t('page.mergedHidden')
                : isolatedRich((u, restore) =>
                    t.rich('page.mergedInto', {
                      ref: `#${target.number}`,
                      title: u(target.title),
                      link: (chunks) => (
                        <Link href={paths.post(target.number, target.slug)} className="font-medium underline">
                          {restore(chunks)}
                        </Link>
                      ),
                    }),
                  )}
            </Alert>
          </div>
        ) : null}
        {post.approval === 'pending' ? (
          <div className="mb-4">
            <Alert testId="pending-notice">{t('page.pending')}</Alert>
          </div>
        ) : null}
        {post.approval === 'rejected' ? (
          <div className="mb-4">
            <RejectedNotice />
          </div>
        ) : null}

        <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_17rem] lg:grid-rows-[auto_auto_1fr] lg:gap-x-10">
          <header className="lg:col-start-1 lg:row-start-1">
            <h1 className="text-2xl font-semibold break-words sm:text-3xl" dir="auto" data-testid="post-heading">
              {post.title}
            </h1>
            {/* Who and when; from 1024 px the sidebar says it instead. */}
            <p className="m-0 mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted lg:hidden">
              <span className="flex items-center gap-1.5 text-fg" data-testid="post-author">
                <Avatar name={post.author.displayName} url={post.author.avatarUrl} size={24} />
                <bdi>{post.author.displayName}</bdi>
                {post.author.isTeam ? <TeamBadge /> : null}
              </span>
              <time dateTime={post.createdAt}>{formats.date(post.createdAt)}</time>
            </p>
            {shippedIn.length ? (
              <p className="mt-2 text-sm" data-testid="shipped-in">
                {t.rich('page.shippedIn', {
                  entries: () =>
                    shippedIn.map((e, i) => (
                      <span key={e.slug}>
                        {i > 0 ? t('page.listSeparator') : null}
                        <Link href={paths.changelogEntry(e.slug)} className="font-medium underline" dir="auto">
                          {e.title}
                        </Link>
                      </span>
                    )),
                })}
              </p>
            ) : null}
          </header>

          <div className="mt-6 lg:col-start-1 lg:row-start-2" data-testid="post-body">
            {editing ? (
              <PostEditForm number={post.number} title={post.title} body={post.body} onDone={() => setEditing(false)} />
            ) : bodyDoc.length ? (
              <Markdown doc={bodyDoc} className="break-words" />
            ) : (
              <p className="text-sm text-muted">{t('page.noDescription')}</p>
            )}
            {editing ? null : <PostActions post={post} viewer={viewer} onEdit={() => setEditing(true)} />}
          </div>

          {/* After the heading and the text in reading and tab order; beside them from 1024 px. */}
          <div className="mt-8 lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:mt-0">
            <PostSidebar post={post} eta={eta} voters={voters} viewer={viewer} team={team} signedIn={signedIn} />
          </div>

          <div className="lg:col-start-1 lg:row-start-3">
            <StatusHistory history={history} />
            <MergedDuplicates duplicates={duplicates} />
            <CommentThread
              postNumber={post.number}
              comments={comments}
              canComment={viewer.canComment}
              refusal={viewer.commentRefusal ? t(`commentRefusal.${viewer.commentRefusal}`) : null}
              signedIn={signedIn}
              isTeam={viewer.isTeam}
            />
          </div>
        </div>
      </article>
    </LiveUpdates>
  );
}

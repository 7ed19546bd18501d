import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { paths } from '@/config/paths';
import { refreshPage } from '@/lib/refresh';
import type { CommentView } from '@/features/comments/schema';
import { focusHashTarget } from '@/lib/focus';
import { useLiveUpdates } from '@/lib/live';
import { subscriptionMayHaveChanged } from '@/lib/subscription-signal';
import { CommentItem } from './CommentItem';

// Only those who may comment download the form (react-hook-form, zod, the Markdown editor).
const CommentForm = dynamic(() => import('./CommentForm').then((m) => m.CommentForm));

interface Props {
  postNumber: number;
  comments: CommentView[];
  canComment: boolean;
  /** Why there is no form (merged post, archived board…); visitors get a sign-in link. */
  refusal: string | null;
  signedIn: boolean;
  isTeam: boolean;
}

/** A post's comments, oldest first, and the form to add one. */
export function CommentThread({ postNumber, comments, canComment, refusal, signedIn, isTeam }: Props) {
  const t = useTranslations('post');
  const router = useRouter();
  const reload = async () => {
    await refreshPage(router);
  };
  const count = comments.filter((c) => !c.deleted).length;
  // Comments added by others arrive live (the page reloads its data: src/composition/post/PostPage.tsx);
  // they are announced politely and never take the focus.
  const [liveAsked, setLiveAsked] = useState(false);
  const [seen, setSeen] = useState(comments);
  const [announcement, setAnnouncement] = useState('');
  // The reader's own new comment takes the focus once it is on the page, whichever reload brings
  // it (theirs, or a live one that overtook it), and is not announced as someone else's.
  const [postedHere, setPostedHere] = useState<number[]>([]);
  const focusNext = useRef<number | null>(null);
  useEffect(() => {
    const id = focusNext.current;
    if (id !== null && comments.some((c) => c.id === id)) {
      focusNext.current = null;
      focusHashTarget(`#comment-${id}`);
    }
  }, [comments, postedHere]);
  useLiveUpdates((u) => {
    if (u.kind === 'comment' && u.post === postNumber) setLiveAsked(true);
  });
  if (seen !== comments) {
    setSeen(comments);
    if (liveAsked) {
      setLiveAsked(false);
      const before = new Set(seen.map((c) => c.id));
      const added = comments.filter((c) => !before.has(c.id) && !c.deleted && !postedHere.includes(c.id));
      if (added.length === 1) setAnnouncement(t('comments.newFrom', { name: added[0]!.author.displayName }));
      else if (added.length > 1) setAnnouncement(t('comments.newMany', { count: added.length }));
    }
  }
  return (
    <section aria-labelledby="comments-heading" className="mt-10" data-testid="comments">
      <h2 id="comments-heading" className="text-lg font-semibold">
        {count ? t('comments.headingCount', { count: String(count) }) : t('comments.heading')}
      </h2>
      <p className="sr-only" role="status" aria-live="polite" data-testid="comments-live">
        {announcement}
      </p>
      {comments.length === 0 ? <p className="mt-2 text-sm text-muted">{t('comments.none')}</p> : null}
      <ol className="mt-4 flex flex-col gap-3">
        {comments.map((c) => (
          <CommentItem key={c.id} comment={c} onChanged={reload} />
        ))}
      </ol>
      <div className="mt-6">
        {canComment ? (
          <CommentForm
            postNumber={postNumber}
            allowInternal={isTeam}
            onPosted={async (comment) => {
              focusNext.current = comment.id;
              setPostedHere((ids) => [...ids, comment.id]);
              subscriptionMayHaveChanged(postNumber);
              await reload();
            }}
          />
        ) : !signedIn ? (
          <p className="text-sm">
            <Link href={paths.login(router.asPath.split('#')[0])} className="underline">
              {t('comments.signIn')}
            </Link>
          </p>
        ) : refusal ? (
          <p className="text-sm text-muted">{refusal}</p>
        ) : null}
      </div>
    </section>
  );
}

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { Avatar } from '@/components/ui/Avatar';
import { Markdown } from '@/components/ui/Markdown';
import { TeamBadge } from '@/components/ui/Badges';
import type { CommentView } from '@/features/comments/schema';
import { useFormats } from '@/lib/use-formats';
import { ownSlot, useAuthorControls } from '@/lib/personal-own';

// Loaded on demand: the edit form with the first Edit, the delete dialog for those who may delete.
function LoadingEditor() {
  const t = useTranslations('post');
  return <p className="mt-2 text-sm text-muted">{t('page.loadingEditor')}</p>;
}

const EditComment = dynamic(() => import('./CommentEditForm'), { loading: LoadingEditor });
const DeleteComment = dynamic(() => import('./CommentDelete'));
/**
 * One comment with its permalink anchor (`#comment-<id>`: following it scrolls here and
 * highlights it). Internal notes are styled apart and say who can see them.
 */
export function CommentItem({ comment, onChanged }: { comment: CommentView; onChanged: () => Promise<void> }) {
  const t = useTranslations('post');
  // Internal notes reach the team only, and so do the words that mark them.
  const tTeam = useTranslations('postTeam');
  const formats = useFormats();
  const [editing, setEditing] = useState(false);
  const anchor = `comment-${comment.id}`;
  // A deleted comment has no controls; on a shared render the others are drawn hidden unless they are the reader's.
  const control = useAuthorControls();
  const edit = comment.deleted ? null : control(ownSlot.comment(comment.id, 'edit'), comment.canEdit);
  const remove = comment.deleted ? null : control(ownSlot.comment(comment.id, 'delete'), comment.canDelete);
  const row = comment.deleted
    ? null
    : control(
        ownSlot.comment(comment.id),
        [edit, remove].some((c) => c && !c.hidden),
      );
  const frame = comment.internal ? 'border-amber-500/60 bg-amber-500/10' : 'border-border bg-surface';

  if (comment.deleted) {
    return (
      <li id={anchor} className="comment rounded-lg border border-dashed border-border px-4 py-3 text-sm text-muted" data-testid="comment">
        {t('comments.deleted')}
      </li>
    );
  }
  return (
    <li
      id={anchor}
      className={`comment rounded-lg border px-4 py-3 ${frame}`}
      data-testid="comment"
      data-internal={comment.internal || undefined}
    >
      {comment.internal ? (
        <p className="mb-2 text-xs font-semibold text-amber-800 dark:text-amber-300">{tTeam('comments.internalBadge')}</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Avatar name={comment.author.displayName} url={comment.author.avatarUrl} size={24} />
        <span className="font-medium" dir="auto" data-testid="comment-author">
          {comment.author.displayName}
        </span>
        {comment.author.isTeam ? <TeamBadge /> : null}
        <a href={`#${anchor}`} className="text-muted underline-offset-2 hover:underline" data-testid="comment-permalink">
          <time dateTime={comment.createdAt}>{formats.dateTime(comment.createdAt)}</time>
        </a>
        {comment.editedAt ? (
          <span className="text-xs text-muted" title={formats.dateTime(comment.editedAt)}>
            {t('comments.edited')}
          </span>
        ) : null}
      </div>
      {editing ? (
        <EditComment comment={comment} onDone={() => setEditing(false)} onSaved={onChanged} />
      ) : (
        <>
          {comment.bodyDoc ? <Markdown doc={comment.bodyDoc} className="mt-2" /> : null}
          {row ? (
            <div className="mt-2 flex gap-2 text-sm" {...row}>
              {edit ? (
                <button
                  type="button"
                  className="text-muted underline"
                  onClick={() => setEditing(true)}
                  data-testid="comment-edit"
                  {...edit}
                >
                  {t.rich('comments.edit', { sr: (chunks) => <span className="sr-only">{chunks}</span> })}
                </button>
              ) : null}
              {remove ? <DeleteComment id={comment.id} onDeleted={onChanged} control={remove} /> : null}
            </div>
          ) : null}
        </>
      )}
    </li>
  );
}

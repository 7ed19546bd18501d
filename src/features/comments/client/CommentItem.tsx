import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Avatar } from '@/components/ui/Avatar';
import { Markdown } from '@/components/ui/Markdown';
import { TeamBadge } from '@/components/ui/Badges';
import type { CommentView } from '@/features/comments/schema';
import { formatDateTime } from '@/lib/dates';

// Loaded on demand: the edit form with the first Edit, the delete dialog for those who may delete.
const EditComment = dynamic(() => import('./CommentEditForm'), {
  loading: () => <p className="mt-2 text-sm text-muted">Loading the editor…</p>,
});
const DeleteComment = dynamic(() => import('./CommentDelete'));
/**
 * One comment with its permalink anchor (`#comment-<id>`: following it scrolls here and
 * highlights it). Internal notes are styled apart and say who can see them.
 */
export function CommentItem({ comment, onChanged }: { comment: CommentView; onChanged: () => Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const anchor = `comment-${comment.id}`;
  const frame = comment.internal ? 'border-amber-500/60 bg-amber-500/10' : 'border-border bg-surface';

  if (comment.deleted) {
    return (
      <li id={anchor} className="comment rounded-lg border border-dashed border-border px-4 py-3 text-sm text-muted" data-testid="comment">
        This comment was deleted.
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
        <p className="mb-2 text-xs font-semibold text-amber-800 dark:text-amber-300">Internal note — only the team sees this</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Avatar name={comment.author.displayName} url={comment.author.avatarUrl} size={24} />
        <span className="font-medium">{comment.author.displayName}</span>
        {comment.author.isTeam ? <TeamBadge /> : null}
        <a href={`#${anchor}`} className="text-muted underline-offset-2 hover:underline" data-testid="comment-permalink">
          <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
        </a>
        {comment.editedAt ? (
          <span className="text-xs text-muted" title={formatDateTime(comment.editedAt)}>
            (edited)
          </span>
        ) : null}
      </div>
      {editing ? (
        <EditComment comment={comment} onDone={() => setEditing(false)} onSaved={onChanged} />
      ) : (
        <>
          {comment.bodyDoc ? <Markdown doc={comment.bodyDoc} className="mt-2" /> : null}
          {comment.canEdit || comment.canDelete ? (
            <div className="mt-2 flex gap-2 text-sm">
              {comment.canEdit ? (
                <button type="button" className="text-muted underline" onClick={() => setEditing(true)} data-testid="comment-edit">
                  Edit<span className="sr-only"> comment</span>
                </button>
              ) : null}
              {comment.canDelete ? <DeleteComment id={comment.id} onDeleted={onChanged} /> : null}
            </div>
          ) : null}
        </>
      )}
    </li>
  );
}

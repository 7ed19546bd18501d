import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Markdown } from '@/components/ui/Markdown';
import { MarkdownEditor } from '@/components/MarkdownEditor';
import { TeamBadge } from '@/components/ui/Badges';
import type { CommentView } from '@/features/comments/schema';
import { api, ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { showApiError } from '@/lib/form-api-errors';
import { commentUpdateInput } from '../schema';
import { mentionSuggestionsPath } from './CommentForm';

type Input = z.input<typeof commentUpdateInput>;
type Output = z.output<typeof commentUpdateInput>;

function EditComment({ comment, onDone, onSaved }: { comment: CommentView; onDone: () => void; onSaved: () => Promise<void> }) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(commentUpdateInput), defaultValues: { body: comment.body ?? '' } });
  const body = useWatch({ control: form.control, name: 'body' }) ?? '';
  const submit = form.handleSubmit(async (values) => {
    try {
      await api(`/api/v1/comments/${comment.id}`, { method: 'PATCH', body: values });
      await onSaved();
      onDone();
    } catch (err) {
      setProblem(showApiError(err, form.setError, ['body']));
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-2 flex flex-col gap-3" data-testid="comment-edit-form">
      <MarkdownEditor
        label="Edit comment"
        rows={4}
        value={body}
        error={form.formState.errors.body?.message}
        mentions={mentionSuggestionsPath(comment.postNumber, comment.internal)}
        images
        {...form.register('body')}
      />
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <div className="flex gap-2">
        <Button type="submit" busy={form.formState.isSubmitting}>
          Save
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

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
              {comment.canDelete ? (
                <ConfirmDialog
                  trigger={
                    <button type="button" className="text-muted underline" data-testid="comment-delete">
                      Delete<span className="sr-only"> comment</span>
                    </button>
                  }
                  title="Delete this comment?"
                  description="It will be replaced by a note that a comment was deleted."
                  confirmLabel="Delete comment"
                  onConfirm={async () => {
                    try {
                      await api(`/api/v1/comments/${comment.id}`, { method: 'DELETE' });
                    } catch (err) {
                      throw new Error(err instanceof ApiError ? err.message : 'The comment could not be deleted.');
                    }
                    await onChanged();
                  }}
                />
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </li>
  );
}

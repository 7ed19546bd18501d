/** Editing a comment in place: loaded with the first Edit (CommentItem), so readers never download the form. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { MarkdownEditor } from '@/components/MarkdownEditor';
import type { CommentView } from '@/features/comments/schema';
import { api } from '@/lib/api';
import { commentUpdateInput } from '../schema';
import { mentionSuggestionsPath } from './mention-path';
import { useApiErrorText } from '@/lib/api-error-text';

type Input = z.input<typeof commentUpdateInput>;
type Output = z.output<typeof commentUpdateInput>;

export default function EditComment({
  comment,
  onDone,
  onSaved,
}: {
  comment: CommentView;
  onDone: () => void;
  onSaved: () => Promise<void>;
}) {
  const t = useTranslations('post');
  const [problem, setProblem] = useState<string | null>(null);
  const errorText = useApiErrorText();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(commentUpdateInput), defaultValues: { body: comment.body ?? '' } });
  const body = useWatch({ control: form.control, name: 'body' }) ?? '';
  const submit = form.handleSubmit(async (values) => {
    try {
      await api(`/api/v1/comments/${comment.id}`, { method: 'PATCH', body: values });
      await onSaved();
      onDone();
    } catch (err) {
      setProblem(errorText.inForm(err, form.setError, ['body']));
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-2 flex flex-col gap-3" data-testid="comment-edit-form">
      <MarkdownEditor
        label={t('comments.editLabel')}
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
          {t('comments.save')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('comments.cancel')}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { apiClient, ok } from '@/lib/api-client/client';
import { MarkdownEditor } from '@/components/MarkdownEditor';
import { commentInput, type Comment } from '../schema';
import { mentionSuggestionsPath } from './mention-path';
import { useApiErrorText } from '@/lib/api-error-text';

type Input = z.input<typeof commentInput>;

type Output = z.output<typeof commentInput>;

/** A new comment (and, for the team, an internal note). `onPosted` reloads the thread. */
export function CommentForm({
  postNumber,
  allowInternal,
  onPosted,
}: {
  postNumber: number;
  allowInternal: boolean;
  onPosted: (comment: Comment) => Promise<void>;
}) {
  const t = useTranslations('post');
  // The internal-note checkbox is the team's (allowInternal): its words travel to the team only.
  const tTeam = useTranslations('postTeam');
  const [problem, setProblem] = useState<string | null>(null);
  const errorText = useApiErrorText();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(commentInput), defaultValues: { body: '', internal: false } });
  const { errors, isSubmitting } = form.formState;
  const body = useWatch({ control: form.control, name: 'body' }) ?? '';
  const internal = useWatch({ control: form.control, name: 'internal' }) ?? false;

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const posted = apiClient.POST('/api/v1/posts/{number}/comments', { params: { path: { number: String(postNumber) } }, body: values });
      const comment = await ok(posted);
      form.reset({ body: '', internal: false });
      await onPosted(comment);
    } catch (err) {
      setProblem(errorText.inForm(err, form.setError, ['body']));
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3" data-testid="comment-form">
      <MarkdownEditor
        label={t('comments.yourComment')}
        rows={4}
        value={body}
        error={errors.body?.message}
        mentions={mentionSuggestionsPath(postNumber, internal)}
        images
        {...form.register('body')}
      />
      {allowInternal ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4" data-testid="comment-internal" {...form.register('internal')} />
          {tTeam('comments.internalCheckbox')}
        </label>
      ) : null}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <div>
        <Button type="submit" busy={isSubmitting} data-testid="comment-submit">
          {t(isSubmitting ? 'comments.posting' : 'comments.submit')}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { FormActions } from '@/components/ui/FormActions';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Field } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import { api, ApiError } from '@/lib/api';
import { showApiError } from '@/lib/form-api-errors';
import { postUpdateInput } from '../schema';
import { MarkdownEditor } from '@/components/MarkdownEditor';
import { refreshPage } from '@/lib/refresh';

type Input = z.input<typeof postUpdateInput>;
type Output = z.output<typeof postUpdateInput>;

/** The inline edit form of a post (same schema as PATCH /api/v1/posts/[number]). */
export function PostEditForm({ number, title, body, onDone }: { number: number; title: string; body: string; onDone: () => void }) {
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(postUpdateInput), defaultValues: { title, body } });
  const { errors, isSubmitting } = form.formState;
  const current = useWatch({ control: form.control, name: 'body' }) ?? '';

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await api(`/api/v1/posts/${number}`, { method: 'PATCH', body: values });
      await refreshPage(router);
      onDone();
    } catch (err) {
      setProblem(showApiError(err, form.setError, ['title', 'body']));
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4" data-testid="post-edit-form">
      <Field label="Title" autoComplete="off" error={errors.title?.message} {...form.register('title')} />
      <MarkdownEditor
        label="Description"
        rows={8}
        value={current}
        error={errors.body?.message}
        mentions={`/api/v1/posts/${number}/mention-suggestions`}
        images
        {...form.register('body')}
      />
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <FormActions busy={isSubmitting} submitLabel="Save changes" onCancel={onDone} />
    </form>
  );
}

/** Deletes the post after a confirmation, then goes to its board. */
export function DeletePostButton({ number, title, boardSlug }: { number: number; title: string; boardSlug: string }) {
  const router = useRouter();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" data-testid="post-delete">
          Delete
        </Button>
      }
      title="Delete this post?"
      description={`“${title}” will disappear from the board, with its votes and comments.`}
      confirmLabel="Delete post"
      testId="post-delete-dialog"
      onConfirm={async () => {
        try {
          await api(`/api/v1/posts/${number}`, { method: 'DELETE' });
        } catch (err) {
          throw new Error(err instanceof ApiError ? err.message : 'The post could not be deleted.');
        }
        await router.push(paths.board(boardSlug));
      }}
    />
  );
}

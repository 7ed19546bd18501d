import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { FormActions } from '@/components/ui/FormActions';
import { Field } from '@/components/ui/Field';
import { api } from '@/lib/api';
import { postUpdateInput } from '../schema';
import { MarkdownEditor } from '@/components/MarkdownEditor';
import { refreshPage } from '@/lib/refresh';
import { useApiErrorText } from '@/lib/api-error-text';

type Input = z.input<typeof postUpdateInput>;
type Output = z.output<typeof postUpdateInput>;

/** The inline edit form of a post (same schema as PATCH /api/v1/posts/[number]). */
export function PostEditForm({ number, title, body, onDone }: { number: number; title: string; body: string; onDone: () => void }) {
  const t = useTranslations('post');
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const errorText = useApiErrorText();
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
      setProblem(errorText.inForm(err, form.setError, ['title', 'body']));
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4" data-testid="post-edit-form">
      <Field label={t('form.title')} autoComplete="off" error={errors.title?.message} {...form.register('title')} />
      <MarkdownEditor
        label={t('form.description')}
        rows={8}
        value={current}
        error={errors.body?.message}
        mentions={`/api/v1/posts/${number}/mention-suggestions`}
        images
        {...form.register('body')}
      />
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <FormActions busy={isSubmitting} submitLabel={t('form.saveChanges')} onCancel={onDone} />
    </form>
  );
}

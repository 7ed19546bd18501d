import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/router';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import { apiClient, ok } from '@/lib/api-client/client';
import { newPostInput, type SimilarPost } from '../schema';
import { MarkdownEditor } from '@/components/MarkdownEditor';
import { clearDraft, readDraft, saveDraft } from './post-draft';
import { SimilarPosts } from './SimilarPosts';
import { useApiErrorText } from '@/lib/api-error-text';

type Input = z.input<typeof newPostInput>;
type Output = z.output<typeof newPostInput>;

/**
 * Title and Markdown body, with similar posts suggested while the title is typed when
 * `suggestSimilar` (the page passes the `similar-post-suggestions` feature flag). Visitors
 * write freely; at submit they sign in and come back to the same draft (kept in localStorage,
 * cleared once the post is created).
 */
export function NewPostForm({
  board,
  signedIn,
  suggestSimilar,
  renderVote,
}: {
  board: string;
  signedIn: boolean;
  suggestSimilar: boolean;
  /** A suggestion's vote control (SimilarPosts). */
  renderVote?: (post: SimilarPost) => ReactNode;
}) {
  const t = useTranslations('post');
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const [restored, setRestored] = useState(false);
  const errorText = useApiErrorText();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(newPostInput), defaultValues: { board, title: '', body: '' } });
  const { errors, isSubmitting } = form.formState;
  const title = useWatch({ control: form.control, name: 'title' }) ?? '';
  const body = useWatch({ control: form.control, name: 'body' }) ?? '';

  useEffect(() => {
    const draft = readDraft(board);
    if (draft) {
      form.reset({ board, title: draft.title, body: draft.body });
      // localStorage exists only in the browser, after hydration: the server rendered an empty form.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setRestored(true);
    }
  }, [board, form]);

  useEffect(() => {
    if (form.formState.isDirty) saveDraft({ board, title, body });
  }, [board, title, body, form.formState.isDirty]);

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    if (!signedIn) {
      saveDraft({ board, title, body });
      await router.push(paths.login(paths.newPost(board)));
      return;
    }
    try {
      const post = await ok(apiClient.POST('/api/v1/posts', { body: values }));
      clearDraft();
      await router.push(paths.post(post.number, post.slug));
    } catch (err) {
      setProblem(errorText.inForm(err, form.setError, ['title', 'body']));
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex max-w-3xl flex-col gap-5" data-testid="new-post-form">
      {restored ? <Alert testId="draft-restored">{t('form.draftRestored')}</Alert> : null}
      <Field
        label={t('form.title')}
        autoComplete="off"
        maxLength={200}
        error={errors.title?.message}
        hint={t('form.titleHint')}
        {...form.register('title')}
      />
      {suggestSimilar ? <SimilarPosts title={title} board={board} renderVote={renderVote} /> : null}
      <MarkdownEditor
        label={t('form.description')}
        rows={8}
        value={body}
        error={errors.body?.message}
        mentions={signedIn ? `/api/v1/boards/${encodeURIComponent(board)}/mention-suggestions` : null}
        images={signedIn}
        {...form.register('body')}
      />
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" busy={isSubmitting} data-testid="new-post-submit">
          {t(signedIn ? (isSubmitting ? 'form.posting' : 'form.post') : 'form.signInToPost')}
        </Button>
        {!signedIn ? <span className="text-sm text-muted">{t('form.draftKept')}</span> : null}
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { api } from '@/lib/api';
import { voteOnBehalfInput, type VoteOnBehalfResult, type VoteState } from '../schema';
import { useApiErrorText } from '@/lib/api-error-text';
import { isolated } from '@/components/ui/bidi';

type Input = z.input<typeof voteOnBehalfInput>;
type Output = z.output<typeof voteOnBehalfInput>;

export interface VoteOnBehalfProps {
  postNumber: number;
  /** Called with the post's new vote state, so the page can update its count. */
  onVoted?: (state: VoteState) => void;
}

/**
 * The team votes for a customer by email (SPEC.md §1): their account, or a new one without a
 * password. The vote is recorded as cast by the team member. For moderators and admins only; the
 * post page's sidebar shows it in a popover ("Add a voter").
 */
export function VoteOnBehalf({ postNumber, onVoted }: VoteOnBehalfProps) {
  const t = useTranslations('postTeam');
  const [done, setDone] = useState<VoteOnBehalfResult | null>(null);
  const errorText = useApiErrorText();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(voteOnBehalfInput), defaultValues: { email: '', displayName: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setDone(null);
    try {
      const result = await api<VoteOnBehalfResult>(`/api/v1/posts/${postNumber}/votes`, { body: values });
      setDone(result);
      onVoted?.({ voted: result.voted, voteCount: result.voteCount });
      form.reset();
    } catch (err) {
      form.setError('root', { message: errorText.inForm(err, form.setError, ['email', 'displayName']) });
    }
  });

  return (
    <section aria-labelledby={`on-behalf-${postNumber}`} data-testid="vote-on-behalf">
      <h2 id={`on-behalf-${postNumber}`} className="text-sm font-semibold">
        {t('onBehalf.heading')}
      </h2>
      <p className="mt-1 text-xs text-muted">{t('onBehalf.intro')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 flex flex-col gap-3">
        <Field label={t('onBehalf.email')} type="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} />
        <Field
          label={t('onBehalf.name')}
          autoComplete="off"
          hint={t('onBehalf.nameHint')}
          error={errors.displayName?.message}
          {...form.register('displayName')}
        />
        <Button type="submit" variant="secondary" busy={isSubmitting} className="self-start">
          {t(isSubmitting ? 'onBehalf.voting' : 'onBehalf.add')}
        </Button>
      </form>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {done ? (
          <Alert tone="success" testId="on-behalf-done">
            {isolated((u) =>
              t(done.voter.created ? 'onBehalf.doneNew' : 'onBehalf.done', { name: u(done.voter.displayName), count: done.voteCount }),
            )}
          </Alert>
        ) : null}
        {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}
      </div>
    </section>
  );
}

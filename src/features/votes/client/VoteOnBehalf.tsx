import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { api } from '@/lib/api';
import { showApiError } from '@/lib/form-api-errors';
import { voteOnBehalfInput, type VoteOnBehalfResult, type VoteState } from '../schema';

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
  const [done, setDone] = useState<VoteOnBehalfResult | null>(null);
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
      form.setError('root', { message: showApiError(err, form.setError, ['email', 'displayName']) });
    }
  });

  return (
    <section aria-labelledby={`on-behalf-${postNumber}`} data-testid="vote-on-behalf">
      <h2 id={`on-behalf-${postNumber}`} className="text-sm font-semibold">
        Vote on behalf of someone
      </h2>
      <p className="mt-1 text-xs text-muted">
        For a customer who asked by email or call. Someone without an account gets one, without a password.
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 flex flex-col gap-3">
        <Field label="Their email address" type="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} />
        <Field
          label="Their name (optional)"
          autoComplete="off"
          hint="Used only for a new account."
          error={errors.displayName?.message}
          {...form.register('displayName')}
        />
        <Button type="submit" variant="secondary" busy={isSubmitting} className="self-start">
          {isSubmitting ? 'Voting…' : 'Add vote'}
        </Button>
      </form>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {done ? (
          <Alert tone="success" testId="on-behalf-done">
            Vote recorded for {done.voter.displayName}
            {done.voter.created ? ' (new account)' : ''}. The post has {done.voteCount} {done.voteCount === 1 ? 'vote' : 'votes'}.
          </Alert>
        ) : null}
        {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}
      </div>
    </section>
  );
}

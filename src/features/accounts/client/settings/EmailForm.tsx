import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { api } from '@/lib/api';
import { showApiError } from '@/lib/form-api-errors';
import { changeEmailInput } from '../../schema';

type Input = z.input<typeof changeEmailInput>;
type Output = z.output<typeof changeEmailInput>;

/**
 * Changes the sign-in address: a confirmation link goes to the new address, and the account
 * keeps the current one until that link is followed.
 */
export function EmailForm({
  email,
  pendingEmail: initialPending,
  hasPassword = true,
  canSendEmail = true,
  verified = true,
}: {
  email: string;
  pendingEmail: string | null;
  hasPassword?: boolean;
  /** Without SMTP the confirmation link waits in the outbox, for an admin to pass on. */
  canSendEmail?: boolean;
  /** Whether the current address is confirmed (a workspace may let people in before they confirm). */
  verified?: boolean;
}) {
  const [pendingEmail, setPendingEmail] = useState(initialPending);
  const [error, setErrorText] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(changeEmailInput), defaultValues: { email: '', password: '' } });

  const onSubmit = async (values: Output) => {
    setErrorText(null);
    try {
      const res = await api<{ pendingEmail: string }>('/api/v1/me/email', { method: 'POST', body: values });
      setPendingEmail(res.pendingEmail);
      reset({ email: '', password: '' });
    } catch (err) {
      setErrorText(showApiError(err, setError, ['email', 'password']));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="m-0 text-sm">
        Your email address is <strong data-testid="current-email">{email}</strong>
        {verified ? (
          '.'
        ) : (
          <span data-testid="email-unconfirmed">, not confirmed yet: follow the link in the confirmation email to confirm it.</span>
        )}
      </p>
      {pendingEmail ? (
        <Alert tone="info" testId="pending-email">
          {canSendEmail ? (
            <>
              Pending: check <strong>{pendingEmail}</strong> for a link to confirm the change.
            </>
          ) : (
            <>
              Pending: this workspace cannot send email yet, so the link to confirm <strong>{pendingEmail}</strong> waits with its admins;
              ask one of them to pass it on.
            </>
          )}{' '}
          Until you follow it, you keep signing in with {email}.
        </Alert>
      ) : null}
      {hasPassword ? null : (
        <p className="m-0 text-sm text-muted" data-testid="email-needs-password">
          Changing your address asks for your password: set one below first.
        </p>
      )}
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4" data-testid="email-form" hidden={!hasPassword}>
        <Field label="New email address" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="To make sure it is you."
          error={errors.password?.message}
          {...register('password')}
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div>
          <Button type="submit" busy={isSubmitting}>
            {isSubmitting ? 'Sending link…' : 'Change email'}
          </Button>
        </div>
      </form>
    </div>
  );
}

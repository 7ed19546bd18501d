import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { api } from '@/lib/api';
import { useApiErrorText } from '@/lib/api-error-text';
import { useFieldErrors } from '../field-errors';
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
  const t = useTranslations('account');
  const fieldError = useFieldErrors();
  const errorText = useApiErrorText();
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
      setErrorText(errorText.inForm(err, setError, ['email', 'password']));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="m-0 text-sm">
        {t.rich('emailForm.current', { email, strong: (chunks) => <strong data-testid="current-email">{chunks}</strong> })}
        {verified ? t('emailForm.confirmed') : <span data-testid="email-unconfirmed">{t('emailForm.unconfirmed')}</span>}
      </p>
      {pendingEmail ? (
        <Alert tone="info" testId="pending-email">
          {t.rich(canSendEmail ? 'emailForm.pending' : 'emailForm.pendingNoEmail', {
            email: pendingEmail,
            strong: (chunks) => <strong>{chunks}</strong>,
          })}{' '}
          {t('emailForm.keep', { email })}
        </Alert>
      ) : null}
      {hasPassword ? null : (
        <p className="m-0 text-sm text-muted" data-testid="email-needs-password">
          {t('emailForm.needsPassword')}
        </p>
      )}
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4" data-testid="email-form" hidden={!hasPassword}>
        <Field
          label={t('emailForm.newEmail')}
          type="email"
          autoComplete="email"
          error={fieldError.email(errors.email)}
          {...register('email')}
        />
        <Field
          label={t('emailForm.currentPassword')}
          type="password"
          autoComplete="current-password"
          hint={t('emailForm.passwordHint')}
          error={fieldError.currentPassword(errors.password)}
          {...register('password')}
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div>
          <Button type="submit" busy={isSubmitting}>
            {isSubmitting ? t('emailForm.sending') : t('emailForm.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { api } from '@/lib/api';
import { showApiError } from '@/lib/form-api-errors';
import { changePasswordForm, setPasswordForm } from '../../schema';

type Input = z.input<typeof changePasswordForm>;
type Output = z.output<typeof changePasswordForm>;

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Sets a new password; every other signed-in browser is signed out, this one stays. An account
 * without a password (it signs in by emailed links) sets its first one without a current one.
 */
export function PasswordForm({ email, hasPassword: initiallySet }: { email: string; hasPassword: boolean }) {
  const [hasPassword, setHasPassword] = useState(initiallySet);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
    // Without a current password the form has one field fewer; the shapes are otherwise the same.
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver((hasPassword ? changePasswordForm : setPasswordForm) as typeof changePasswordForm),
    defaultValues: EMPTY,
  });

  const onSubmit = async ({ currentPassword, newPassword }: Output) => {
    setNotice(null);
    try {
      await api('/api/v1/me/password', { method: 'POST', body: hasPassword ? { currentPassword, newPassword } : { newPassword } });
      reset(EMPTY);
      setNotice({
        tone: 'success',
        text: hasPassword
          ? 'Your password is changed. You were signed out everywhere else; this browser stays signed in.'
          : 'Your password is set: you can now sign in with it. You were signed out everywhere else; this browser stays signed in.',
      });
      setHasPassword(true);
    } catch (err) {
      setNotice({ tone: 'error', text: showApiError(err, setError, ['currentPassword', 'newPassword']) });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4" data-testid="password-form">
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {hasPassword ? (
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      ) : (
        <p className="m-0 text-sm" data-testid="no-password">
          Your account has no password: you sign in with emailed links. Set one to sign in with your email and password too.
        </p>
      )}
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="10 to 128 characters. A few unrelated words make a strong one."
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <Field
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <div>
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting ? 'Saving…' : hasPassword ? 'Change password' : 'Set password'}
        </Button>
      </div>
    </form>
  );
}

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
import { changePasswordForm, setPasswordForm } from '../../schema';

type Input = z.input<typeof changePasswordForm>;
type Output = z.output<typeof changePasswordForm>;

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Sets a new password; every other signed-in browser is signed out, this one stays. An account
 * without a password (it signs in by emailed links) sets its first one without a current one.
 */
export function PasswordForm({ email, hasPassword: initiallySet }: { email: string; hasPassword: boolean }) {
  const t = useTranslations('account');
  const fieldError = useFieldErrors();
  const errorText = useApiErrorText();
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
        text: hasPassword ? t('passwordForm.changed') : t('passwordForm.set'),
      });
      setHasPassword(true);
    } catch (err) {
      setNotice({ tone: 'error', text: errorText.inForm(err, setError, ['currentPassword', 'newPassword']) });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4" data-testid="password-form">
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {hasPassword ? (
        <Field
          label={t('passwordForm.current')}
          type="password"
          autoComplete="current-password"
          error={fieldError.oldPassword(errors.currentPassword)}
          {...register('currentPassword')}
        />
      ) : (
        <p className="m-0 text-sm" data-testid="no-password">
          {t('passwordForm.none')}
        </p>
      )}
      <Field
        label={t('passwordForm.new')}
        type="password"
        autoComplete="new-password"
        hint={t('passwordForm.newHint')}
        error={fieldError.newPassword(errors.newPassword)}
        {...register('newPassword')}
      />
      <Field
        label={t('passwordForm.repeat')}
        type="password"
        autoComplete="new-password"
        error={fieldError.repeatNewPassword(errors.confirmPassword)}
        {...register('confirmPassword')}
      />
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <div>
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting ? t('saving') : hasPassword ? t('passwordForm.change') : t('passwordForm.setSubmit')}
        </Button>
      </div>
    </form>
  );
}

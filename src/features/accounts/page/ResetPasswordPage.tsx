import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { api } from '@/lib/api';
import { AuthCard, linkClass } from '../client/AuthCard';
import { newPasswordForm, type NewPasswordFormInput } from '../client/form-schemas';
import { useFieldErrors } from '../client/field-errors';
import { FormProblemAlert } from '../client/FormProblemAlert';
import { useFormProblem } from '../client/use-form-problem';
import type { TokenPageProps } from './MagicLinkPage';

/** `/reset-password?token=`: chooses a new password from the emailed link, then signs in. */
export default function ResetPasswordPage({ shell, token = null }: ShellProps & Partial<TokenPageProps>) {
  const t = useTranslations('auth');
  const fieldError = useFieldErrors();
  const form = useForm<NewPasswordFormInput, unknown, z.output<typeof newPasswordForm>>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const { problem, report, clear, summaryRef } = useFormProblem(form.setError, ['password', 'confirmPassword']);
  const [leaving, setLeaving] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    clear();
    try {
      await api('/api/v1/auth/reset-password', { body: { token, password: values.password } });
      setLeaving(true);
      window.location.assign(paths.home());
    } catch (err) {
      report(err);
    }
  });

  const linkDead = problem?.code === 'TOKEN_INVALID' || (problem?.code === 'VALIDATION_FAILED' && 'token' in problem.fields);
  return (
    <AuthCard title={t('reset.title')} siteName={shell.workspace.name} intro={t('reset.intro')}>
      {token ? (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('reset.title')}>
          <FormProblemAlert problem={linkDead && problem ? { ...problem, message: t('reset.linkDead') } : problem} summaryRef={summaryRef}>
            {linkDead ? (
              <p className="m-0 mt-2">
                <Link href={paths.forgotPassword()} className="underline">
                  {t('reset.askAgain')}
                </Link>
              </p>
            ) : null}
          </FormProblemAlert>
          <Field
            label={t('reset.newPassword')}
            type="password"
            autoComplete="new-password"
            hint={t('signup.passwordHint')}
            {...form.register('password')}
            error={fieldError.newPassword(errors.password)}
          />
          <Field
            label={t('reset.repeat')}
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
            error={fieldError.repeatPassword(errors.confirmPassword)}
          />
          <Button type="submit" busy={isSubmitting || leaving} data-testid="reset-submit">
            {isSubmitting || leaving ? t('reset.saving') : t('reset.submit')}
          </Button>
        </form>
      ) : (
        <div className="flex flex-col gap-4" data-testid="token-invalid">
          <Alert tone="error">{t('reset.incomplete')}</Alert>
          <p className="m-0 text-sm">
            <Link href={paths.forgotPassword()} className={linkClass}>
              {t('reset.askAgain')}
            </Link>
          </p>
        </div>
      )}
    </AuthCard>
  );
}

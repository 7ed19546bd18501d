import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { api } from '@/lib/api';
import { AskAdmin, AuthCard, CheckEmail, linkClass, strong } from '../client/AuthCard';
import { useFieldErrors } from '../client/field-errors';
import { emailForm, type EmailFormInput } from '../client/form-schemas';
import { FormProblemAlert } from '../client/FormProblemAlert';
import { useFormProblem } from '../client/use-form-problem';

export type ForgotPasswordProps = {
  /** Whether the workspace sends email (SMTP configured); without it the link waits in the outbox. */
  canSendEmail: boolean;
};

/** `/forgot-password`: asks for a reset link. The answer is the same whether or not the address has an account. */
export default function ForgotPasswordPage({ shell, canSendEmail = true }: ShellProps & Partial<ForgotPasswordProps>) {
  const form = useForm<EmailFormInput, unknown, z.output<typeof emailForm>>({
    resolver: zodResolver(emailForm),
    defaultValues: { email: '' },
  });
  const t = useTranslations('auth');
  const fieldError = useFieldErrors();
  const { errors, isSubmitting } = form.formState;
  const { problem, report, clear, summaryRef } = useFormProblem(form.setError, ['email']);
  const [answer, setAnswer] = useState<{ status: 'check-email' | 'ask-admin'; email: string } | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    clear();
    try {
      const res = await api<{ status: 'check-email' | 'ask-admin' }>('/api/v1/auth/forgot-password', { body: values });
      setAnswer({ status: res.status, email: values.email });
    } catch (err) {
      report(err);
    }
  });

  return (
    <AuthCard
      title={t('forgot.title')}
      siteName={shell.workspace.name}
      intro={canSendEmail ? t('forgot.intro') : t('forgot.introNoEmail')}
      footer={
        <p className="m-0">
          {t('forgot.remembered')}{' '}
          <Link href={paths.login()} className={linkClass}>
            {t('forgot.backToSignIn')}
          </Link>
        </p>
      }
    >
      {answer?.status === 'check-email' ? (
        <CheckEmail>{t.rich('forgot.sent', { email: answer.email, strong })}</CheckEmail>
      ) : answer?.status === 'ask-admin' ? (
        <AskAdmin>{t.rich('forgot.waiting', { email: answer.email, strong })}</AskAdmin>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('forgot.title')}>
          <FormProblemAlert problem={problem} summaryRef={summaryRef} />
          <Field
            label={t('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.register('email')}
            error={fieldError.email(errors.email)}
          />
          <Button type="submit" busy={isSubmitting} data-testid="forgot-submit">
            {isSubmitting ? t('sending') : t('forgot.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { api } from '@/lib/api';
import { AskAdmin, AuthCard, CheckEmail, linkClass } from '../client/AuthCard';
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
      title="Reset your password"
      siteName={shell.workspace.name}
      intro={
        canSendEmail
          ? 'Enter the email address of your account, and we will send you a link to choose a new password.'
          : 'Enter the email address of your account. This workspace cannot send email yet: the link to choose ' +
            'a new password waits with its admins, who can pass it on to you.'
      }
      footer={
        <p className="m-0">
          Remembered it?{' '}
          <Link href={paths.login()} className={linkClass}>
            Back to sign in
          </Link>
        </p>
      }
    >
      {answer?.status === 'check-email' ? (
        <CheckEmail>
          If an account uses <strong>{answer.email}</strong>, we have sent it a link to choose a new password. The link works once, for 60
          minutes.
        </CheckEmail>
      ) : answer?.status === 'ask-admin' ? (
        <AskAdmin>
          Nothing was emailed. If an account uses <strong>{answer.email}</strong>, its link to choose a new password is waiting with the
          workspace&rsquo;s admins: ask one of them to pass it on. The link works once, for 60 minutes.
        </AskAdmin>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Reset your password">
          <FormProblemAlert problem={problem} summaryRef={summaryRef} />
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.register('email')}
            error={errors.email?.message}
          />
          <Button type="submit" busy={isSubmitting} data-testid="forgot-submit">
            {isSubmitting ? 'Sending…' : 'Send me a reset link'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

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
import { AuthCard, CheckEmail, linkClass } from '../client/AuthCard';
import { emailForm, type EmailFormInput } from '../client/form-schemas';
import { FormProblemAlert } from '../client/FormProblemAlert';
import { useFormProblem } from '../client/use-form-problem';

/** `/forgot-password`: asks for a reset link. The answer is the same whether or not the address has an account. */
export default function ForgotPasswordPage({ shell }: ShellProps) {
  const form = useForm<EmailFormInput, unknown, z.output<typeof emailForm>>({ resolver: zodResolver(emailForm), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const { problem, report, clear, summaryRef } = useFormProblem(form.setError, ['email']);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    clear();
    try {
      await api('/api/v1/auth/forgot-password', { body: values });
      setSentTo(values.email);
    } catch (err) {
      report(err);
    }
  });

  return (
    <AuthCard
      title="Reset your password"
      siteName={shell.workspace.name}
      intro="Enter the email address of your account, and we will send you a link to choose a new password."
      footer={
        <p className="m-0">
          Remembered it?{' '}
          <Link href={paths.login()} className={linkClass}>
            Back to sign in
          </Link>
        </p>
      }
    >
      {sentTo ? (
        <CheckEmail>
          If an account uses <strong>{sentTo}</strong>, we have sent it a link to choose a new password. The link works once, for 60 minutes.
        </CheckEmail>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Reset your password">
          <FormProblemAlert problem={problem} summaryRef={summaryRef} />
          <Field label="Email" type="email" autoComplete="email" inputMode="email" {...form.register('email')} error={errors.email?.message} />
          <Button type="submit" busy={isSubmitting} data-testid="forgot-submit">
            {isSubmitting ? 'Sending…' : 'Send me a reset link'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

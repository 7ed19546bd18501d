import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { api } from '@/lib/api';
import { AuthCard, linkClass } from '../client/AuthCard';
import { newPasswordForm, type NewPasswordFormInput } from '../client/form-schemas';
import { FormProblemAlert } from '../client/FormProblemAlert';
import { useFormProblem } from '../client/use-form-problem';
import type { TokenPageProps } from './MagicLinkPage';

const askAgain = (
  <Link href={paths.forgotPassword()} className="underline">
    Ask for a new link
  </Link>
);

/** `/reset-password?token=`: chooses a new password from the emailed link, then signs in. */
export default function ResetPasswordPage({ shell, token = null }: ShellProps & Partial<TokenPageProps>) {
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
    <AuthCard
      title="Choose a new password"
      siteName={shell.workspace.name}
      intro="Signing in afterwards is automatic; your other sessions are signed out."
    >
      {token ? (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Choose a new password">
          <FormProblemAlert
            problem={
              linkDead && problem
                ? { ...problem, message: 'This link has expired or was already used. Reset links work once, for 60 minutes.' }
                : problem
            }
            summaryRef={summaryRef}
          >
            {linkDead ? <p className="m-0 mt-2">{askAgain}</p> : null}
          </FormProblemAlert>
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 10 characters."
            {...form.register('password')}
            error={errors.password?.message}
          />
          <Field
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
            error={errors.confirmPassword?.message}
          />
          <Button type="submit" busy={isSubmitting || leaving} data-testid="reset-submit">
            {isSubmitting || leaving ? 'Saving…' : 'Save and sign in'}
          </Button>
        </form>
      ) : (
        <div className="flex flex-col gap-4" data-testid="token-invalid">
          <Alert tone="error">This link is incomplete. Open the link from the email again, or ask for a new one.</Alert>
          <p className="m-0 text-sm">
            <Link href={paths.forgotPassword()} className={linkClass}>
              Ask for a new link
            </Link>
          </p>
        </div>
      )}
    </AuthCard>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { api } from '@/lib/api';
import { AskAdmin, AuthCard, CheckEmail, linkClass, strong } from '../client/AuthCard';
import { useFieldErrors } from '../client/field-errors';
import { signUpForm, type SignUpFormInput } from '../client/form-schemas';
import { FormProblemAlert } from '../client/FormProblemAlert';
import { useFormProblem } from '../client/use-form-problem';
import type { InvitationPreview } from '../schema';
import { isolated } from '@/components/ui/bidi';

export type SignupProps = {
  /** `?invite=` as given, and what it is for; `invitation` is null when the link is no good. */
  inviteToken: string | null;
  invitation: InvitationPreview | null;
};

/** `/signup`: create an account, or accept an invitation (`?invite=<token>`). */
export default function SignupPage({ shell, inviteToken = null, invitation = null }: ShellProps & Partial<SignupProps>) {
  const t = useTranslations('auth.signup');
  const workspace = shell.workspace.name;
  const signInLink = (
    <p className="m-0">
      {t('haveAccount')}{' '}
      <Link href={paths.login()} className={linkClass}>
        {t('signIn')}
      </Link>
    </p>
  );

  if (inviteToken && !invitation) {
    return (
      <AuthCard title={t('invalidTitle')} siteName={workspace} footer={signInLink}>
        <div className="flex flex-col gap-4" data-testid="invite-invalid">
          <Alert tone="error">{t('invalidBody')}</Alert>
          <p className="m-0 text-sm">
            {t.rich('invalidOpen', {
              link: (chunks) => (
                <Link href={paths.signup()} className={linkClass}>
                  {chunks}
                </Link>
              ),
            })}
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={invitation ? t('inviteTitle') : t('title')}
      siteName={workspace}
      intro={isolated((u) =>
        invitation ? t('inviteIntro', { workspace: u(workspace), role: invitation.role }) : t('intro', { workspace: u(workspace) }),
      )}
      footer={signInLink}
    >
      <SignupForm inviteToken={inviteToken} invitation={invitation} />
    </AuthCard>
  );
}

function SignupForm({ inviteToken, invitation }: SignupProps) {
  const form = useForm<SignUpFormInput, unknown, z.output<typeof signUpForm>>({
    resolver: zodResolver(signUpForm),
    defaultValues: { displayName: '', email: invitation?.email ?? '', password: '' },
  });
  const t = useTranslations('auth');
  const fieldError = useFieldErrors();
  const { errors, isSubmitting } = form.formState;
  const { problem, report, clear, summaryRef } = useFormProblem(form.setError, ['displayName', 'email', 'password']);
  const [answer, setAnswer] = useState<{ status: 'check-email' | 'ask-admin'; email: string } | null>(null);
  const [leaving, setLeaving] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    clear();
    try {
      const res = await api<{ status: 'signed-in' | 'check-email' | 'ask-admin' }>('/api/v1/auth/sign-up', {
        body: { ...values, ...(inviteToken && invitation ? { inviteToken } : {}) },
      });
      if (res.status === 'signed-in') {
        setLeaving(true);
        window.location.assign(paths.home());
      } else {
        setAnswer({ status: res.status, email: values.email });
      }
    } catch (err) {
      report(err);
    }
  });

  if (answer?.status === 'check-email') {
    return <CheckEmail>{t.rich('signup.sent', { email: answer.email, strong })}</CheckEmail>;
  }
  if (answer?.status === 'ask-admin') {
    // The same words whether or not the address already had an account (no enumeration).
    return <AskAdmin>{t.rich('signup.waiting', { email: answer.email, strong })}</AskAdmin>;
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('signup.title')}>
      <FormProblemAlert problem={problem} summaryRef={summaryRef} />
      <Field
        label={t('signup.name')}
        autoComplete="name"
        hint={t('signup.nameHint')}
        {...form.register('displayName')}
        error={fieldError.displayName(errors.displayName)}
      />
      <Field
        label={t('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        readOnly={Boolean(invitation)}
        hint={invitation ? t('signup.emailInvited') : undefined}
        className={invitation ? '[&_input]:bg-bg [&_input]:text-muted' : undefined}
        {...form.register('email')}
        error={fieldError.email(errors.email)}
      />
      <Field
        label={t('password')}
        type="password"
        autoComplete="new-password"
        hint={t('signup.passwordHint')}
        {...form.register('password')}
        error={fieldError.newPassword(errors.password)}
      />
      <Button type="submit" busy={isSubmitting || leaving} data-testid="sign-up-submit">
        {isSubmitting || leaving ? t('signup.submitting') : t('signup.submit')}
      </Button>
    </form>
  );
}

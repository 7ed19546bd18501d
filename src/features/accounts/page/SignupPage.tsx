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
import { AskAdmin, AuthCard, CheckEmail, linkClass } from '../client/AuthCard';
import { signUpForm, type SignUpFormInput } from '../client/form-schemas';
import { FormProblemAlert } from '../client/FormProblemAlert';
import { useFormProblem } from '../client/use-form-problem';
import { ROLE_LABELS } from '@/core/identity/roles';
import type { InvitationPreview } from '../schema';

export type SignupProps = {
  /** `?invite=` as given, and what it is for; `invitation` is null when the link is no good. */
  inviteToken: string | null;
  invitation: InvitationPreview | null;
};

/** `/signup`: create an account, or accept an invitation (`?invite=<token>`). */
export default function SignupPage({ shell, inviteToken = null, invitation = null }: ShellProps & Partial<SignupProps>) {
  const workspace = shell.workspace.name;
  const signInLink = (
    <p className="m-0">
      Already have an account?{' '}
      <Link href={paths.login()} className={linkClass}>
        Sign in
      </Link>
    </p>
  );

  if (inviteToken && !invitation) {
    return (
      <AuthCard title="Invitation not valid" siteName={workspace} footer={signInLink}>
        <div className="flex flex-col gap-4" data-testid="invite-invalid">
          <Alert tone="error">This invitation has expired or was already used. Ask the person who invited you to send a new one.</Alert>
          <p className="m-0 text-sm">
            If sign-up is open here, you can also{' '}
            <Link href={paths.signup()} className={linkClass}>
              sign up without an invitation
            </Link>
            .
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={invitation ? 'Accept your invitation' : 'Create an account'}
      siteName={workspace}
      intro={
        invitation
          ? `You were invited to join ${workspace} as ${withArticle(ROLE_LABELS[invitation.role].toLowerCase())}.`
          : `Join ${workspace} to post ideas, vote and comment.`
      }
      footer={signInLink}
    >
      <SignupForm inviteToken={inviteToken} invitation={invitation} />
    </AuthCard>
  );
}

const withArticle = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

function SignupForm({ inviteToken, invitation }: SignupProps) {
  const form = useForm<SignUpFormInput, unknown, z.output<typeof signUpForm>>({
    resolver: zodResolver(signUpForm),
    defaultValues: { displayName: '', email: invitation?.email ?? '', password: '' },
  });
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
    return (
      <CheckEmail>
        We have sent an email to <strong>{answer.email}</strong>. Follow the link in it to confirm your address and finish signing up.
      </CheckEmail>
    );
  }
  if (answer?.status === 'ask-admin') {
    // The same words whether or not the address already had an account (no enumeration).
    return (
      <AskAdmin>
        Nothing was emailed to <strong>{answer.email}</strong>. This workspace needs a confirmed address before you can sign in, and its
        admins can see the confirmation email: ask one of them to confirm your address or to pass you the link. Then sign in with your
        password.
      </AskAdmin>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Create an account">
      <FormProblemAlert problem={problem} summaryRef={summaryRef} />
      <Field
        label="Your name"
        autoComplete="name"
        hint="Shown next to your posts and comments."
        {...form.register('displayName')}
        error={errors.displayName?.message}
      />
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        readOnly={Boolean(invitation)}
        hint={invitation ? 'The invitation is for this address.' : undefined}
        className={invitation ? '[&_input]:bg-bg [&_input]:text-muted' : undefined}
        {...form.register('email')}
        error={errors.email?.message}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 10 characters."
        {...form.register('password')}
        error={errors.password?.message}
      />
      <Button type="submit" busy={isSubmitting || leaving} data-testid="sign-up-submit">
        {isSubmitting || leaving ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  );
}

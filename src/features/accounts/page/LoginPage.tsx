import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { api } from '@/lib/api';
import { AskAdmin, AuthCard, CheckEmail, linkClass, strong } from '../client/AuthCard';
import { useFieldErrors } from '../client/field-errors';
import { emailForm, signInForm, type EmailFormInput, type SignInFormInput } from '../client/form-schemas';
import { FormProblemAlert } from '../client/FormProblemAlert';
import { useFormProblem } from '../client/use-form-problem';
import { safeNextPath } from '@/lib/next-path';
import { SsoButtons } from '../client/SsoButtons';
import type { SsoButton } from '../sso-schema';
import { isolated } from '@/components/ui/bidi';

export type LoginProps = {
  /** Where to go after signing in: a same-origin path, already checked on the server. */
  next: string;
  /** Whether the workspace sends email (SMTP configured); without it a sign-in link waits in the outbox. */
  canSendEmail: boolean;
  /** The workspace's single sign-on providers. */
  ssoButtons: SsoButton[];
  /** False when the workspace signs in through single sign-on only: no password form, no emailed links. */
  passwordSignIn: boolean;
};

/** `/login`: sign in through a provider, with a password, or ask for a one-time sign-in link by email. */
export default function LoginPage({
  shell,
  next = '/',
  canSendEmail = true,
  ssoButtons = [],
  passwordSignIn = true,
}: ShellProps & Partial<LoginProps>) {
  const [mode, setMode] = useState<{ kind: 'password' | 'link'; email: string; moved: boolean }>({
    kind: 'password',
    email: '',
    moved: false,
  });
  const t = useTranslations('auth.login');
  const workspace = shell.workspace.name;
  if (!passwordSignIn) {
    return (
      <AuthCard title={t('title')} siteName={workspace} intro={t('ssoOnlyIntro', { workspace })}>
        {ssoButtons.length > 0 ? (
          <SsoButtons buttons={ssoButtons} next={safeNextPath(next)} />
        ) : (
          <p className="m-0 text-sm">{t('noProvider')}</p>
        )}
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('title')}
      siteName={workspace}
      intro={isolated((u) => t('intro', { workspace: u(workspace) }))}
      footer={
        <p className="m-0">
          {t('newHere')}{' '}
          <Link href={paths.signup()} className={linkClass}>
            {t('createAccount')}
          </Link>
        </p>
      }
    >
      {ssoButtons.length > 0 ? (
        <div className="mb-4 flex flex-col gap-4">
          <SsoButtons buttons={ssoButtons} next={safeNextPath(next)} />
          <div className="flex items-center gap-3 text-xs text-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-border" /> {t('or')} <span className="h-px flex-1 bg-border" />
          </div>
        </div>
      ) : null}
      {mode.kind === 'password' ? (
        <PasswordSignIn
          next={safeNextPath(next)}
          initialEmail={mode.email}
          focusOnMount={mode.moved}
          onUseLink={(email) => setMode({ kind: 'link', email, moved: true })}
        />
      ) : (
        <MagicLinkRequest
          canSendEmail={canSendEmail}
          initialEmail={mode.email}
          onUsePassword={(email) => setMode({ kind: 'password', email, moved: true })}
        />
      )}
    </AuthCard>
  );
}

function PasswordSignIn({
  next,
  initialEmail,
  focusOnMount,
  onUseLink,
}: {
  next: string;
  initialEmail: string;
  focusOnMount: boolean;
  onUseLink: (email: string) => void;
}) {
  const form = useForm<SignInFormInput, unknown, z.output<typeof signInForm>>({
    resolver: zodResolver(signInForm),
    defaultValues: { email: initialEmail, password: '' },
  });
  const t = useTranslations('auth');
  const fieldError = useFieldErrors();
  const { errors, isSubmitting } = form.formState;
  const { problem, report, clear, summaryRef } = useFormProblem(form.setError, ['email', 'password']);
  const [leaving, setLeaving] = useState(false);
  const { setFocus } = form;
  useEffect(() => {
    if (focusOnMount) setFocus('email');
  }, [focusOnMount, setFocus]);

  const onSubmit = form.handleSubmit(async (values) => {
    clear();
    try {
      await api('/api/v1/auth/sign-in', { body: values });
      setLeaving(true);
      // A full load, so that the header and everything else reflect the new session.
      window.location.assign(next);
    } catch (err) {
      report(err);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('login.passwordForm')}>
      <FormProblemAlert problem={problem} summaryRef={summaryRef}>
        {problem?.code === 'INVALID_CREDENTIALS' ? (
          <p className="m-0 mt-2">
            <Link href={paths.forgotPassword()} className="underline">
              {t('login.resetPassword')}
            </Link>
          </p>
        ) : null}
      </FormProblemAlert>
      <Field
        label={t('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...form.register('email')}
        error={fieldError.email(errors.email)}
      />
      <Field
        label={t('password')}
        type="password"
        autoComplete="current-password"
        {...form.register('password')}
        error={fieldError.currentPassword(errors.password)}
      />
      <p className="-mt-2 m-0 text-sm">
        <Link href={paths.forgotPassword()} className={linkClass}>
          {t('login.forgotPassword')}
        </Link>
      </p>
      <Button type="submit" busy={isSubmitting || leaving} data-testid="sign-in-submit">
        {isSubmitting || leaving ? t('login.submitting') : t('login.submit')}
      </Button>
      <div className="flex items-center gap-3 text-xs text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-border" /> {t('login.or')} <span className="h-px flex-1 bg-border" />
      </div>
      <Button variant="secondary" onClick={() => onUseLink(form.getValues('email'))} data-testid="use-magic-link">
        {t('login.useLink')}
      </Button>
    </form>
  );
}

function MagicLinkRequest({
  canSendEmail,
  initialEmail,
  onUsePassword,
}: {
  canSendEmail: boolean;
  initialEmail: string;
  onUsePassword: (email: string) => void;
}) {
  const form = useForm<EmailFormInput, unknown, z.output<typeof emailForm>>({
    resolver: zodResolver(emailForm),
    defaultValues: { email: initialEmail },
  });
  const t = useTranslations('auth');
  const fieldError = useFieldErrors();
  const { errors, isSubmitting } = form.formState;
  const { problem, report, clear, summaryRef } = useFormProblem(form.setError, ['email']);
  const [answer, setAnswer] = useState<{ status: 'check-email' | 'ask-admin'; email: string } | null>(null);
  const sentTo = answer?.email ?? null;
  const { setFocus } = form;
  useEffect(() => {
    if (!sentTo) setFocus('email');
  }, [sentTo, setFocus]);

  const onSubmit = form.handleSubmit(async (values) => {
    clear();
    try {
      const res = await api<{ status: 'check-email' | 'ask-admin' }>('/api/v1/auth/magic-link', { body: values });
      setAnswer({ status: res.status, email: values.email });
    } catch (err) {
      report(err);
    }
  });

  const back = (
    <Button variant="secondary" onClick={() => onUsePassword(sentTo ?? form.getValues('email'))}>
      {t('login.usePassword')}
    </Button>
  );

  if (answer) {
    return (
      <div className="flex flex-col gap-4">
        {answer.status === 'check-email' ? (
          <CheckEmail>{t.rich('login.linkSent', { email: answer.email, strong })}</CheckEmail>
        ) : (
          <AskAdmin>{t.rich('login.linkWaiting', { email: answer.email, strong })}</AskAdmin>
        )}
        {back}
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('login.useLink')}>
      <p className="m-0 text-sm text-muted">{canSendEmail ? t('login.linkIntro') : t('login.linkIntroNoEmail')}</p>
      <FormProblemAlert problem={problem} summaryRef={summaryRef} />
      <Field
        label={t('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...form.register('email')}
        error={fieldError.email(errors.email)}
      />
      <Button type="submit" busy={isSubmitting} data-testid="magic-link-submit">
        {isSubmitting ? t('sending') : t('login.useLink')}
      </Button>
      {back}
    </form>
  );
}

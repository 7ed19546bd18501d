import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { api } from '@/lib/api';
import { AuthCard } from '../client/AuthCard';
import { useFieldErrors } from '../client/field-errors';
import { setupForm, type SetupFormInput } from '../client/form-schemas';
import { FormProblemAlert } from '../client/FormProblemAlert';
import { useFormProblem } from '../client/use-form-problem';
import { workspaceNameSchema } from '../schema';

const FIELDS = ['workspaceName', 'displayName', 'email', 'password', 'confirmPassword'] as const;
const WORKSPACE_NAME_MIN = workspaceNameSchema.minLength ?? 2;
const WORKSPACE_NAME_MAX = workspaceNameSchema.maxLength ?? 50;

/** `/setup`: the first run only. Names the workspace and creates the first admin, then signs them in. */
export default function SetupPage({ shell }: ShellProps) {
  const form = useForm<SetupFormInput, unknown, z.output<typeof setupForm>>({
    resolver: zodResolver(setupForm),
    defaultValues: { workspaceName: '', displayName: '', email: '', password: '', confirmPassword: '', demoData: false },
  });
  const t = useTranslations('auth');
  const fieldError = useFieldErrors();
  const { errors, isSubmitting } = form.formState;
  const { problem, report, clear, summaryRef } = useFormProblem(form.setError, FIELDS);
  const [leaving, setLeaving] = useState(false);

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    clear();
    try {
      await api('/api/v1/setup', { body: values });
      setLeaving(true);
      window.location.assign(paths.home());
    } catch (err) {
      report(err);
    }
  });
  // The workspace name's rules (../schema.ts) in the page's language; a server's field text is already in it (api-error-text.ts).
  const workspaceNameError = (fieldError?: FieldError) =>
    fieldError
      ? fieldError.type === 'server'
        ? fieldError.message
        : fieldError.type === 'too_big'
          ? t('setup.workspaceNameTooLong', { max: WORKSPACE_NAME_MAX })
          : t('setup.workspaceNameTooShort', { min: WORKSPACE_NAME_MIN })
      : undefined;

  return (
    <AuthCard title={t('setup.title')} siteName={shell.workspace.name} intro={t('setup.intro')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('setup.title')}>
        <FormProblemAlert problem={problem} summaryRef={summaryRef}>
          {problem?.code === 'SETUP_DONE' ? (
            <p className="m-0 mt-2">
              <Link href={paths.login()} className="underline">
                {t('setup.goToSignIn')}
              </Link>
            </p>
          ) : null}
        </FormProblemAlert>
        <fieldset className="flex min-w-0 flex-col gap-4">
          <legend className="mb-2 text-base font-semibold">{t('setup.workspace')}</legend>
          <Field
            label={t('setup.workspaceName')}
            hint={t('setup.workspaceNameHint')}
            autoComplete="organization"
            {...form.register('workspaceName')}
            error={workspaceNameError(errors.workspaceName)}
          />
        </fieldset>
        <fieldset className="flex min-w-0 flex-col gap-4">
          <legend className="mb-2 text-base font-semibold">{t('setup.adminAccount')}</legend>
          <Field
            label={t('setup.name')}
            autoComplete="name"
            {...form.register('displayName')}
            error={fieldError.displayName(errors.displayName)}
          />
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
            autoComplete="new-password"
            hint={t('setup.passwordHint')}
            {...form.register('password')}
            error={fieldError.newPassword(errors.password)}
          />
          <Field
            label={t('setup.repeatPassword')}
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
            error={fieldError.repeatPassword(errors.confirmPassword)}
          />
        </fieldset>
        <div className="flex items-start gap-2">
          <input
            id="setup-demo-data"
            type="checkbox"
            aria-describedby="setup-demo-data-note"
            className="mt-1 h-4 w-4"
            {...form.register('demoData')}
          />
          <div>
            <label htmlFor="setup-demo-data" className="text-sm font-medium">
              {t('setup.demoData')}
            </label>
            <p id="setup-demo-data-note" className="m-0 text-xs text-muted">
              {t('setup.demoDataNote')}
            </p>
          </div>
        </div>
        <Button type="submit" busy={isSubmitting || leaving} data-testid="setup-submit">
          {isSubmitting || leaving ? t('setup.submitting') : t('setup.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

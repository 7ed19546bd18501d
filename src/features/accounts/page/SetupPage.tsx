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
import { AuthCard } from '../client/AuthCard';
import { setupForm, type SetupFormInput } from '../client/form-schemas';
import { FormProblemAlert } from '../client/FormProblemAlert';
import { useFormProblem } from '../client/use-form-problem';

const FIELDS = ['workspaceName', 'displayName', 'email', 'password', 'confirmPassword'] as const;

/** `/setup`: the first run only. Names the workspace and creates the first admin, then signs them in. */
export default function SetupPage({ shell }: ShellProps) {
  const form = useForm<SetupFormInput, unknown, z.output<typeof setupForm>>({
    resolver: zodResolver(setupForm),
    defaultValues: { workspaceName: '', displayName: '', email: '', password: '', confirmPassword: '', demoData: false },
  });
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

  return (
    <AuthCard
      title="Set up Chorus"
      siteName={shell.workspace.name}
      intro="Name your feedback workspace and create the first admin account. This page is shown only once."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Set up Chorus">
        <FormProblemAlert problem={problem} summaryRef={summaryRef}>
          {problem?.code === 'SETUP_DONE' ? (
            <p className="m-0 mt-2">
              <Link href={paths.login()} className="underline">
                Go to sign in
              </Link>
            </p>
          ) : null}
        </FormProblemAlert>
        <fieldset className="flex min-w-0 flex-col gap-4">
          <legend className="mb-2 text-base font-semibold">Workspace</legend>
          <Field
            label="Workspace name"
            hint="Usually your product or company name. You can change it later."
            autoComplete="organization"
            {...form.register('workspaceName')}
            error={errors.workspaceName?.message}
          />
        </fieldset>
        <fieldset className="flex min-w-0 flex-col gap-4">
          <legend className="mb-2 text-base font-semibold">Your admin account</legend>
          <Field label="Your name" autoComplete="name" {...form.register('displayName')} error={errors.displayName?.message} />
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
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
          <Field
            label="Repeat the password"
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
            error={errors.confirmPassword?.message}
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
              Fill with demo data
            </label>
            <p id="setup-demo-data-note" className="m-0 text-xs text-muted">
              Adds three boards with about 300 example posts, votes and comments from 40 made-up members, so you can try everything at once.
              It is added in the background after setup.
            </p>
          </div>
        </div>
        <Button type="submit" busy={isSubmitting || leaving} data-testid="setup-submit">
          {isSubmitting || leaving ? 'Setting up…' : 'Finish setup'}
        </Button>
      </form>
    </AuthCard>
  );
}

import { LOCALES, LOCALE_NAMES } from '@/core/i18n/locales';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { SelectField } from '@/components/ui/SelectField';
import { TextareaField } from '@/components/ui/TextareaField';
import { api, ApiError } from '@/lib/api';
import {
  ACCESS_LABELS,
  EMAIL_CONFIRMATION_LABELS,
  MODERATION_LABELS,
  SIGNUP_POLICY_LABELS,
  THEME_LABELS,
  WORKSPACE_SETTING_KEYS,
  workspaceSettingsForm,
  type WorkspaceSettings,
} from '../schema';
import {
  MODERATION_MODES,
  SIGNUP_POLICIES,
  THEMES,
  WORKSPACE_ACCESS,
  EMAIL_CONFIRMATION_MODES,
  emailConfirmationRequired,
  type EmailConfirmationMode,
} from '@/core/workspace';

type Input = z.input<typeof workspaceSettingsForm>;
type Output = z.output<typeof workspaceSettingsForm>;

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((v) => ({ value: v, label: labels[v] }));
const toInput = (s: WorkspaceSettings): Input => ({
  ...s,
  allowedDomains: s.allowedDomains.join('\n'),
  widgetOrigins: s.widgetOrigins.join('\n'),
});

/** What the chosen email-confirmation mode means on this install, in words. */
function confirmationHint(mode: EmailConfirmationMode | undefined, smtpConfigured: boolean): string {
  const required = emailConfirmationRequired(mode ?? 'auto', smtpConfigured);
  const now = smtpConfigured ? 'This workspace sends email (SMTP is configured).' : 'This workspace cannot send email yet (no SMTP_URL).';
  const effect = required
    ? 'New members must confirm their address before they can sign in.'
    : 'New members are signed in at once and can take part; their address shows as unconfirmed until they follow ' +
      'the emailed link. Whether an address already has an account then shows on sign-up.';
  return `${now} ${effect}`;
}

/** The workspace settings form: the same schema as the API, with the domain list as text. */
export function WorkspaceSettingsForm({ settings, smtpConfigured }: { settings: WorkspaceSettings; smtpConfigured: boolean }) {
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(workspaceSettingsForm), defaultValues: toInput(settings) });
  const { errors, isSubmitting } = form.formState;
  const policy = useWatch({ control: form.control, name: 'signupPolicy' });
  const accent = useWatch({ control: form.control, name: 'accentColor' });
  const confirmation = useWatch({ control: form.control, name: 'emailConfirmation' });

  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      const updated = await api<WorkspaceSettings>('/api/v1/admin/settings', { method: 'PATCH', body: values });
      form.reset(toInput(updated));
      setSaved(true);
      // The name, colour and theme are drawn by the shell: reload its data.
      await router.replace(router.asPath, undefined, { scroll: false });
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        for (const [key, message] of Object.entries(err.fields)) {
          const field = WORKSPACE_SETTING_KEYS.find((f) => key === f || key.startsWith(`${f}.`));
          form.setError(field ?? 'root', { message });
        }
      } else {
        form.setError('root', { message: err instanceof Error ? err.message : 'The settings could not be saved.' });
      }
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex max-w-2xl flex-col gap-8" data-testid="settings-form">
      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold">Appearance</legend>
        <Field label="Workspace name" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <div className="flex items-start gap-3">
          <Field
            label="Accent colour"
            className="min-w-0 flex-1"
            hint="A hex colour such as #6d28d9."
            autoComplete="off"
            spellCheck={false}
            error={errors.accentColor?.message}
            {...form.register('accentColor')}
          />
          <span
            aria-hidden="true"
            className="mt-6 inline-block h-10 w-10 shrink-0 rounded-md border border-border"
            style={{ background: /^#[0-9a-fA-F]{6}$/.test(accent ?? '') ? accent : 'transparent' }}
          />
        </div>
        <SelectField
          label="Default theme"
          hint="What people see until they pick a theme themselves."
          options={options(THEMES, THEME_LABELS)}
          error={errors.defaultTheme?.message}
          {...form.register('defaultTheme')}
        />
        <SelectField
          label="Default language"
          hint="For people who have not chosen a language and whose browser asks for none of these; also the language of their emails."
          options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          error={errors.defaultLocale?.message}
          data-testid="settings-default-locale"
          {...form.register('defaultLocale')}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4" data-testid="settings-powered-by" {...form.register('showPoweredBy')} />
          Show “powered by Chorus” in the footer
        </label>
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold">Access</legend>
        <SelectField
          label="Who can read the boards"
          hint="Sign-in required: visitors see only the sign-in page, and the API answers them 401."
          options={options(WORKSPACE_ACCESS, ACCESS_LABELS)}
          error={errors.access?.message}
          data-testid="settings-access"
          {...form.register('access')}
        />
        <SelectField
          label="Who can sign up"
          hint="Invited people can always sign up."
          options={options(SIGNUP_POLICIES, SIGNUP_POLICY_LABELS)}
          error={errors.signupPolicy?.message}
          {...form.register('signupPolicy')}
        />
        {policy === 'domain_allowlist' ? (
          <TextareaField
            label="Allowed email domains"
            hint="One per line, or separated by commas, such as example.com."
            rows={4}
            spellCheck={false}
            error={errors.allowedDomains?.message}
            {...form.register('allowedDomains')}
          />
        ) : null}
        <SelectField
          label="Confirmed email to sign up"
          hint={confirmationHint(confirmation, smtpConfigured)}
          options={options(EMAIL_CONFIRMATION_MODES, EMAIL_CONFIRMATION_LABELS)}
          error={errors.emailConfirmation?.message}
          data-testid="settings-email-confirmation"
          {...form.register('emailConfirmation')}
        />
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold">Embedded widget</legend>
        <TextareaField
          label="Sites that may embed the widget"
          hint="The origins of your product's pages, one per line, such as https://app.example.com (scheme, host and port; no path). Only these may show the widget and talk to it; with none, it cannot be embedded anywhere."
          rows={3}
          spellCheck={false}
          data-testid="settings-widget-origins"
          error={errors.widgetOrigins?.message}
          {...form.register('widgetOrigins')}
        />
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold">Moderation</legend>
        <SelectField
          label="Approve before publishing"
          hint="Posts that wait for approval appear in the team inbox; nobody else sees them until a moderator approves them."
          options={options(MODERATION_MODES, MODERATION_LABELS)}
          error={errors.moderation?.message}
          {...form.register('moderation')}
        />
      </fieldset>

      <div className="flex flex-col gap-4">
        <div aria-live="polite" className="empty:hidden">
          {saved ? (
            <Alert tone="success" testId="settings-saved">
              Settings saved.
            </Alert>
          ) : null}
          {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}
        </div>
        <div>
          <Button type="submit" busy={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save settings'}
          </Button>
        </div>
      </div>
    </form>
  );
}

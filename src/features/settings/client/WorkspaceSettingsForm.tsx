import { LOCALES, LOCALE_NAMES } from '@/core/i18n/locales';
import { useTranslations } from 'use-intl';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/router';
import { refreshPage } from '@/lib/refresh';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { SelectField } from '@/components/ui/SelectField';
import { TextareaField } from '@/components/ui/TextareaField';
import { api, ApiError } from '@/lib/api';
import { WORKSPACE_SETTING_KEYS, workspaceSettingsForm, type WorkspaceSettings } from '../schema';
import {
  MODERATION_MODES,
  SIGNUP_POLICIES,
  THEMES,
  WORKSPACE_ACCESS,
  EMAIL_CONFIRMATION_MODES,
  emailConfirmationRequired,
  type EmailConfirmationMode,
} from '@/core/workspace';
import { useApiErrorText } from '@/lib/api-error-text';

type Input = z.input<typeof workspaceSettingsForm>;
type Output = z.output<typeof workspaceSettingsForm>;

type T = ReturnType<typeof useTranslations<'teamAdmin'>>;
const options = <V extends string>(values: readonly V[], label: (v: V) => string) => values.map((v) => ({ value: v, label: label(v) }));
const toInput = (s: WorkspaceSettings): Input => ({
  ...s,
  allowedDomains: s.allowedDomains.join('\n'),
  widgetOrigins: s.widgetOrigins.join('\n'),
});

/** What the chosen email-confirmation mode means on this install, in words. */
function confirmationHint(t: T, mode: EmailConfirmationMode | undefined, smtpConfigured: boolean): string {
  const required = emailConfirmationRequired(mode ?? 'auto', smtpConfigured);
  const now = smtpConfigured ? t('settings.form.smtpOn') : t('settings.form.smtpOff');
  const effect = required ? t('settings.form.confirmRequired') : t('settings.form.confirmNotRequired');
  return `${now} ${effect}`;
}

/** The workspace settings form: the same schema as the API, with the domain list as text. */
export function WorkspaceSettingsForm({ settings, smtpConfigured }: { settings: WorkspaceSettings; smtpConfigured: boolean }) {
  const t = useTranslations('teamAdmin');
  const errorText = useApiErrorText();
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
      await refreshPage(router);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        // In the page's words (the server's own are English, for API clients).
        for (const [key, message] of Object.entries(errorText.fields(err))) {
          const field = WORKSPACE_SETTING_KEYS.find((f) => key === f || key.startsWith(`${f}.`));
          form.setError(field ?? 'root', { type: 'server', message });
        }
      } else {
        form.setError('root', { message: err instanceof ApiError ? errorText(err) : t('settings.form.saveFailed') });
      }
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex max-w-2xl flex-col gap-8" data-testid="settings-form">
      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold">{t('settings.form.appearance')}</legend>
        <Field label={t('settings.form.name')} autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <div className="flex items-start gap-3">
          <Field
            label={t('settings.form.accent')}
            className="min-w-0 flex-1"
            hint={t('settings.form.accentHint', { example: '#6d28d9' })}
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
          label={t('settings.form.theme')}
          hint={t('settings.form.themeHint')}
          options={options(THEMES, (v) => t(`settings.form.themes.${v}`))}
          error={errors.defaultTheme?.message}
          {...form.register('defaultTheme')}
        />
        <SelectField
          label={t('settings.form.language')}
          hint={t('settings.form.languageHint')}
          options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          error={errors.defaultLocale?.message}
          data-testid="settings-default-locale"
          {...form.register('defaultLocale')}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4" data-testid="settings-powered-by" {...form.register('showPoweredBy')} />
          {t('settings.form.poweredBy')}
        </label>
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold">{t('settings.form.access')}</legend>
        <SelectField
          label={t('settings.form.readers')}
          hint={t('settings.form.readersHint')}
          options={options(WORKSPACE_ACCESS, (v) => t(`settings.form.accessOptions.${v}`))}
          error={errors.access?.message}
          data-testid="settings-access"
          {...form.register('access')}
        />
        <SelectField
          label={t('settings.form.signup')}
          hint={t('settings.form.signupHint')}
          options={options(SIGNUP_POLICIES, (v) => t(`settings.form.signupOptions.${v}`))}
          error={errors.signupPolicy?.message}
          {...form.register('signupPolicy')}
        />
        {policy === 'domain_allowlist' ? (
          <TextareaField
            label={t('settings.form.domains')}
            hint={t('settings.form.domainsHint')}
            rows={4}
            spellCheck={false}
            error={errors.allowedDomains?.message}
            {...form.register('allowedDomains')}
          />
        ) : null}
        <SelectField
          label={t('settings.form.confirmation')}
          hint={confirmationHint(t, confirmation, smtpConfigured)}
          options={options(EMAIL_CONFIRMATION_MODES, (v) => t(`settings.form.confirmationOptions.${v}`))}
          error={errors.emailConfirmation?.message}
          data-testid="settings-email-confirmation"
          {...form.register('emailConfirmation')}
        />
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold">{t('settings.form.widget')}</legend>
        <TextareaField
          label={t('settings.form.origins')}
          hint={t('settings.form.originsHint')}
          rows={3}
          spellCheck={false}
          data-testid="settings-widget-origins"
          error={errors.widgetOrigins?.message}
          {...form.register('widgetOrigins')}
        />
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold">{t('settings.form.moderation')}</legend>
        <SelectField
          label={t('settings.form.approve')}
          hint={t('settings.form.approveHint')}
          options={options(MODERATION_MODES, (v) => t(`settings.form.moderationOptions.${v}`))}
          error={errors.moderation?.message}
          {...form.register('moderation')}
        />
      </fieldset>

      <div className="flex flex-col gap-4">
        <div aria-live="polite" className="empty:hidden">
          {saved ? (
            <Alert tone="success" testId="settings-saved">
              {t('settings.form.saved')}
            </Alert>
          ) : null}
          {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}
        </div>
        <div>
          <Button type="submit" busy={isSubmitting}>
            {isSubmitting ? t('settings.form.saving') : t('settings.form.save')}
          </Button>
        </div>
      </div>
    </form>
  );
}

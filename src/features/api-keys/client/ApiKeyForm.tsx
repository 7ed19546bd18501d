import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { FormActions } from '@/components/ui/FormActions';
import { Field } from '@/components/ui/Field';
import { API_KEY_SCOPES } from '@/core/identity/api-keys';
import { apiKeyInput } from '../schema';
import { useApiErrorText } from '@/lib/api-error-text';

type Input = z.input<typeof apiKeyInput>;
export type ApiKeyValues = z.output<typeof apiKeyInput>;

/** A new key's name and scope (the same schema as the server), each scope explained. */
export function ApiKeyForm({ onSubmit }: { onSubmit: (values: ApiKeyValues) => Promise<void> }) {
  const t = useTranslations('teamAdmin');
  const errorText = useApiErrorText();
  const form = useForm<Input, unknown, ApiKeyValues>({ resolver: zodResolver(apiKeyInput), defaultValues: { name: '', scope: 'read' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      form.reset();
    } catch (err) {
      form.setError('root', { message: errorText.inForm(err, form.setError, ['name', 'scope']) });
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4" data-testid="api-key-form">
      <Field
        label={t('apiKeys.form.name')}
        hint={t('apiKeys.form.nameHint')}
        autoComplete="off"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <fieldset className="m-0 min-w-0 border-0 p-0" aria-describedby={errors.scope ? 'api-key-scope-error' : undefined}>
        <legend className="mb-2 text-sm font-medium">{t('apiKeys.form.scope')}</legend>
        <div className="flex flex-col gap-2">
          {API_KEY_SCOPES.map((scope) => (
            <label
              key={scope}
              className="flex items-start gap-3 rounded-lg border border-border p-3 hover:bg-bg"
              data-testid={`api-key-scope-${scope}`}
            >
              <input
                type="radio"
                value={scope}
                className="mt-1"
                aria-describedby={`api-key-scope-${scope}-text`}
                {...form.register('scope')}
              />
              <span className="min-w-0">
                <span className="block font-medium">{t(`apiKeys.scopes.${scope}`)}</span>
                <span id={`api-key-scope-${scope}-text`} className="block text-sm text-muted">
                  {t(`apiKeys.scopeText.${scope}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        {errors.scope ? (
          <p id="api-key-scope-error" className="mt-1 text-sm text-danger">
            {errors.scope.message}
          </p>
        ) : null}
      </fieldset>
      <p className="m-0 text-sm text-muted">{t('apiKeys.form.note')}</p>
      {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <FormActions busy={isSubmitting} submitLabel={t('apiKeys.form.submit')} />
    </form>
  );
}

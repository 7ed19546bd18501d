import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useTranslations } from 'use-intl';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Field } from '@/components/ui/Field';
import { FormActions } from '@/components/ui/FormActions';
import { SelectField } from '@/components/ui/SelectField';
import { WEBHOOK_EVENT_KEYS, WEBHOOK_EVENTS, WEBHOOK_FORMATS } from '../enums';
import { webhookEndpointInput } from '../schema';
import { useApiErrorText } from '@/lib/api-error-text';

type Input = z.input<typeof webhookEndpointInput>;
/** An address, the same in every language. */
const URL_EXAMPLE = 'https://example.com/hooks/chorus';
export type EndpointValues = z.output<typeof webhookEndpointInput>;

interface Props {
  initial?: EndpointValues;
  submitLabel: string;
  /** Saves; throws the ApiError of a refused save, whose field errors go inline. */
  onSubmit: (values: EndpointValues) => Promise<void>;
  onCancel?: () => void;
  testId?: string;
}

/** An endpoint's URL, description, events, format and private-data switch (the server's schema). */
export function EndpointForm({ initial, submitLabel, onSubmit, onCancel, testId }: Props) {
  const t = useTranslations('teamAdmin');
  const ids = useId();
  const errorText = useApiErrorText();
  const form = useForm<Input, unknown, EndpointValues>({
    resolver: zodResolver(webhookEndpointInput),
    defaultValues: initial ?? { url: '', description: '', events: [...WEBHOOK_EVENTS], format: 'generic', includePrivate: false },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      if (!initial) form.reset();
    } catch (err) {
      form.setError('root', {
        message: errorText.inForm(err, form.setError, ['url', 'description', 'events', 'format', 'includePrivate']),
      });
    }
  });

  const eventsError = errors.events?.message ?? errors.events?.root?.message;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4" data-testid={testId}>
      <Field
        label={t('webhooks.form.url')}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={URL_EXAMPLE}
        hint={t('webhooks.form.urlHint')}
        error={errors.url?.message}
        data-testid="webhook-url"
        {...form.register('url')}
      />
      <Field
        label={t('webhooks.form.description')}
        autoComplete="off"
        error={errors.description?.message}
        {...form.register('description')}
      />
      <fieldset aria-describedby={eventsError ? `${ids}-events-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">{t('webhooks.form.events')}</legend>
        <ul className="flex flex-col gap-2">
          {WEBHOOK_EVENTS.map((event) => (
            <li key={event}>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 h-4 w-4 shrink-0"
                  value={event}
                  data-testid={`webhook-event-${event}`}
                  {...form.register('events')}
                />
                <span className="min-w-0">
                  <code className="text-xs break-all">{event}</code>
                  <span className="block text-xs text-muted">{t(`webhooks.events.${WEBHOOK_EVENT_KEYS[event]}`)}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {eventsError ? (
          <p id={`${ids}-events-error`} className="mt-1 text-sm text-danger">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <SelectField
        label={t('webhooks.form.format')}
        options={WEBHOOK_FORMATS.map((f) => ({ value: f, label: t(`webhooks.formats.${f}`) }))}
        error={errors.format?.message}
        {...form.register('format')}
      />
      <div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4"
            aria-describedby={`${ids}-private-hint`}
            data-testid="webhook-private"
            {...form.register('includePrivate')}
          />
          {t('webhooks.form.private')}
        </label>
        <p id={`${ids}-private-hint`} className="mt-1 text-xs text-muted">
          {t('webhooks.form.privateHint')}
        </p>
      </div>
      {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <FormActions busy={isSubmitting} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { FormActions } from '@/components/ui/FormActions';
import { ColourField } from '@/components/ui/ColourField';
import { Field } from '@/components/ui/Field';
import { SelectField } from '@/components/ui/SelectField';
import { STATUS_CATEGORIES, statusInput } from '../schema';
import { useApiErrorText } from '@/lib/api-error-text';

type Input = z.input<typeof statusInput>;
export type StatusValues = z.output<typeof statusInput>;

interface Props {
  initial?: Input;
  submitLabel: string;
  /** Saves; throws the ApiError of a refused save, whose field errors go inline. */
  onSubmit: (values: StatusValues) => Promise<void>;
  onCancel?: () => void;
  testId?: string;
}

/** Name, colour, category and roadmap place of a status (the same schema as the server); used to add and to edit. */
export function StatusForm({ initial, submitLabel, onSubmit, onCancel, testId }: Props) {
  const t = useTranslations('teamSetup.statusForm');
  const tc = useTranslations('teamSetup.categories');
  const categoryOptions = STATUS_CATEGORIES.map((c) => ({ value: c, label: tc(c) }));
  const errorText = useApiErrorText();
  const form = useForm<Input, unknown, StatusValues>({
    resolver: zodResolver(statusInput),
    defaultValues: initial ?? { name: '', color: '#6366f1', category: 'open', onRoadmap: false },
  });
  const { errors, isSubmitting } = form.formState;
  const roadmapHintId = useId();

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      if (!initial) form.reset();
    } catch (err) {
      form.setError('root', { message: errorText.inForm(err, form.setError, ['name', 'color', 'category', 'onRoadmap']) });
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3" data-testid={testId}>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
        <Field
          label={t('name')}
          autoComplete="off"
          className="sm:min-w-48 sm:flex-1"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Controller
          control={form.control}
          name="color"
          render={({ field }) => (
            <ColourField
              label={t('colour')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              error={errors.color?.message}
            />
          )}
        />
        <SelectField label={t('category')} options={categoryOptions} error={errors.category?.message} {...form.register('category')} />
      </div>
      <div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4"
            aria-describedby={roadmapHintId}
            data-testid="status-on-roadmap"
            {...form.register('onRoadmap')}
          />
          {t('onRoadmap')}
        </label>
        <p id={roadmapHintId} className="mt-1 text-xs text-muted">
          {t('roadmapHint')}
        </p>
      </div>
      {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <FormActions busy={isSubmitting} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}

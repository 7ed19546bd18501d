import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { FormActions } from '@/components/ui/FormActions';
import { ColourField } from '@/components/ui/ColourField';
import { Field } from '@/components/ui/Field';
import { tagInput } from '../schema';
import { useApiErrorText } from '@/lib/api-error-text';

type Input = z.input<typeof tagInput>;
export type TagValues = z.output<typeof tagInput>;

interface Props {
  initial?: { name: string; color: string };
  submitLabel: string;
  /** Saves; throws the ApiError of a refused save, whose field errors go inline. */
  onSubmit: (values: TagValues) => Promise<void>;
  onCancel?: () => void;
  testId?: string;
}

/** A tag's name and colour (the same schema as the server); used to add and to edit. */
export function TagForm({ initial, submitLabel, onSubmit, onCancel, testId }: Props) {
  const t = useTranslations('teamWork.tags');
  const errorText = useApiErrorText();
  const form = useForm<Input, unknown, TagValues>({
    resolver: zodResolver(tagInput),
    defaultValues: initial ?? { name: '', color: '#64748b' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      if (!initial) form.reset();
    } catch (err) {
      form.setError('root', { message: errorText.inForm(err, form.setError, ['name', 'color']) });
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
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              error={errors.color?.message}
            />
          )}
        />
      </div>
      {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <FormActions busy={isSubmitting} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}

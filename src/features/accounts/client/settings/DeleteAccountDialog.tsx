import * as Dialog from '@radix-ui/react-dialog';
import { DELETED_PERSON_NAME } from '@/core/identity/person';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import type { z } from 'zod';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import { api } from '@/lib/api';
import { useApiErrorText } from '@/lib/api-error-text';
import { useFieldErrors } from '../field-errors';
import { deleteAccountInput } from '../../schema';

type Input = z.input<typeof deleteAccountInput>;
type Output = z.output<typeof deleteAccountInput>;

/** Deletes the account after the person types DELETE; then the browser leaves, signed out. */
export function DeleteAccountDialog() {
  const t = useTranslations('account');
  const fieldError = useFieldErrors();
  const errorText = useApiErrorText();
  const [open, setOpen] = useState(false);
  const [error, setErrorText] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(deleteAccountInput),
    // The field starts empty; only the exact word DELETE passes the schema.
    defaultValues: { confirm: '' as Input['confirm'] },
  });
  // Stays busy after success too, while the browser leaves for the home page.
  const [leaving, setLeaving] = useState(false);
  const busy = isSubmitting || leaving;

  const onSubmit = async (values: Output) => {
    setErrorText(null);
    try {
      await api('/api/v1/me', { method: 'DELETE', body: values });
      setLeaving(true);
      // A full load: nothing of the deleted account stays on screen or in memory.
      window.location.assign(paths.home());
    } catch (err) {
      setErrorText(errorText.inForm(err, setError, ['confirm']));
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" data-testid="delete-account-open">
          {t('deleteDialog.open')}
        </Button>
      </Dialog.Trigger>
      {/* Not portalled: the dialog stays inside the shell, so it keeps the page's font and theme. */}
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
      <Dialog.Content
        className="fixed start-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md
          -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-surface p-5 text-fg shadow-xl sm:p-6"
        data-testid="delete-account-dialog"
      >
        <Dialog.Title className="m-0 text-lg font-semibold">{t('deleteDialog.title')}</Dialog.Title>
        <Dialog.Description className="mt-2 mb-0 text-sm text-muted">
          {t('deleteDialog.description', { name: DELETED_PERSON_NAME })}
        </Dialog.Description>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-4 flex flex-col gap-4">
          <Field
            label={t('deleteDialog.confirmLabel')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={fieldError.deleteConfirm(errors.confirm)}
            {...register('confirm')}
          />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={busy}>
                {t('deleteDialog.cancel')}
              </Button>
            </Dialog.Close>
            <Button type="submit" variant="danger" busy={busy} data-testid="delete-account-confirm">
              {busy ? t('deleteDialog.deleting') : t('accountSettings.delete')}
            </Button>
          </div>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

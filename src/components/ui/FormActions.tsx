import { useTranslations } from 'use-intl';
import { Button } from './Button';

/** A form's submit button ("Saving…" while busy) and, when given, a Cancel button beside it. */
export function FormActions({
  busy,
  submitLabel,
  onCancel,
  submitTestId,
}: {
  busy: boolean;
  submitLabel: string;
  onCancel?: () => void;
  submitTestId?: string;
}) {
  const t = useTranslations('ui');
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" busy={busy} data-testid={submitTestId}>
        {busy ? t('formActions.saving') : submitLabel}
      </Button>
      {onCancel ? (
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('formActions.cancel')}
        </Button>
      ) : null}
    </div>
  );
}

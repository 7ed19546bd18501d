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
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" busy={busy} data-testid={submitTestId}>
        {busy ? 'Saving…' : submitLabel}
      </Button>
      {onCancel ? (
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}

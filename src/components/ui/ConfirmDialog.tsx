import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { useApiErrorText } from '@/lib/api-error-text';
import { Button } from './Button';

interface Props {
  /** The button that opens the dialog; focus returns to it when the dialog closes. */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  /** Runs on confirm; the dialog closes when it resolves and says what failed when it throws (api-error-text.ts). */
  onConfirm: () => Promise<void>;
  testId?: string;
  /** Extra controls the question needs (e.g. where to move things), drawn below the description. */
  children?: ReactNode;
  /**
   * Where focus goes when the dialog closes, instead of its trigger: e.g. what the confirmed
   * action showed. When it names nothing, focus returns to the trigger as usual.
   */
  focusOnClose?: () => HTMLElement | null | undefined;
}

/**
 * A modal question with Cancel and a confirming action (Radix Dialog: focus trapped, Escape
 * closes, the rest of the page hidden from assistive technology). Not portalled, so it keeps
 * the shell's font and theme, like the account menu.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  tone = 'danger',
  onConfirm,
  testId,
  children,
  focusOnClose,
}: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const errorText = useApiErrorText();
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (next) setError(null);
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <Dialog.Content
        className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2
          rounded-xl border border-border bg-surface p-6 text-start text-fg shadow-xl"
        data-testid={testId}
        onCloseAutoFocus={(event) => {
          const target = focusOnClose?.();
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
        <Dialog.Description className="mt-2 text-sm text-muted">{description}</Dialog.Description>
        {children ? <div className="mt-4">{children}</div> : null}
        <DialogActions error={error} busy={busy} tone={tone} confirmLabel={confirmLabel} onConfirm={() => void confirm()} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

/**
 * The problem and the buttons, drawn only while the dialog is open: the dialog's own words are
 * looked up there, so a closed dialog (its trigger alone) needs no messages.
 */
function DialogActions({
  error,
  busy,
  tone,
  confirmLabel,
  onConfirm,
}: {
  error: string | null;
  busy: boolean;
  tone: 'danger' | 'primary';
  confirmLabel: string;
  onConfirm: () => void;
}) {
  const t = useTranslations('ui');
  return (
    <>
      {error ? (
        <p role="alert" className="mt-4 rounded-md border border-danger/50 bg-danger/10 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={busy}>
            {t('confirmDialog.cancel')}
          </Button>
        </Dialog.Close>
        <Button variant={tone} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </>
  );
}

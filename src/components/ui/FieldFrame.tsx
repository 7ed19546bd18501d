import { useId, type ReactNode } from 'react';

/** What a form control inside a FieldFrame spreads onto itself. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  className: string;
}

interface Props {
  label: string;
  /** Keeps the label for assistive technology only (e.g. a control inside a table row). */
  hideLabel?: boolean;
  error?: string;
  hint?: ReactNode;
  id?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/**
 * The label, hint and inline error around one form control, wired for screen readers
 * (`aria-describedby`, `aria-invalid`). Field, SelectField and TextareaField draw their control
 * inside it.
 */
export function FieldFrame({ label, hideLabel, error, hint, id, className, children }: Props) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className ?? ''}`}>
      <label htmlFor={controlId} className={hideLabel ? 'sr-only' : 'text-sm font-medium'}>
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
        className: `max-w-full min-w-0 rounded-md border bg-surface px-3 py-2 text-fg ${error ? 'border-danger' : 'border-border'}`,
      })}
      {hint ? (
        <p id={hintId} className="m-0 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="m-0 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  /** Keeps the label for assistive technology only (e.g. a select inside a table row). */
  hideLabel?: boolean;
  options: readonly { value: string; label: string }[];
  error?: string;
  hint?: ReactNode;
};

/** A labelled native select with its hint and inline error, wired for screen readers. */
export const SelectField = forwardRef<HTMLSelectElement, Props>(function SelectField({ label, hideLabel, options, error, hint, id, className, ...select }, ref) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <label htmlFor={selectId} className={hideLabel ? 'sr-only' : 'text-sm font-medium'}>
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className={`rounded-md border bg-surface px-3 py-2 text-fg ${error ? 'border-danger' : 'border-border'}`}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
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
});

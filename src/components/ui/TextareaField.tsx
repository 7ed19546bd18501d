import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from 'react';

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
};

/** A labelled textarea with its hint and inline error, wired for screen readers. */
export const TextareaField = forwardRef<HTMLTextAreaElement, Props>(function TextareaField({ label, error, hint, id, className, ...textarea }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className={`rounded-md border bg-surface px-3 py-2 text-fg ${error ? 'border-danger' : 'border-border'}`}
        {...textarea}
      />
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

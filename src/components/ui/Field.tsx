import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldFrame } from './FieldFrame';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
};

/** A labelled input with its hint and inline error, wired for screen readers. */
export const Field = forwardRef<HTMLInputElement, Props>(function Field({ label, error, hint, id, className, ...input }, ref) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <input ref={ref} {...control} {...input} />}
    </FieldFrame>
  );
});

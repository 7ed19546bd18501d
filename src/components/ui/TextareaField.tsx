import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './FieldFrame';

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
};

/** A labelled textarea with its hint and inline error, wired for screen readers. */
export const TextareaField = forwardRef<HTMLTextAreaElement, Props>(function TextareaField(
  { label, error, hint, id, className, ...textarea },
  ref,
) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <textarea ref={ref} {...control} {...textarea} />}
    </FieldFrame>
  );
});

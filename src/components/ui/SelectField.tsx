import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FieldFrame } from './FieldFrame';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  /** Keeps the label for assistive technology only (e.g. a select inside a table row). */
  hideLabel?: boolean;
  options: readonly { value: string; label: string }[];
  error?: string;
  hint?: ReactNode;
};

/** A labelled native select with its hint and inline error, wired for screen readers. */
export const SelectField = forwardRef<HTMLSelectElement, Props>(function SelectField(
  { label, hideLabel, options, error, hint, id, className, ...select },
  ref,
) {
  return (
    <FieldFrame label={label} hideLabel={hideLabel} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <select ref={ref} {...control} {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
});

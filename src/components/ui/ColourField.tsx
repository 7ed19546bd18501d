import { useId } from 'react';
import { useTranslations } from 'use-intl';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  name?: string;
  testId?: string;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * A colour as a native picker and a `#RRGGBB` text field side by side: the picker for the
 * mouse, the text for the keyboard and for pasting a brand colour. Both edit one value.
 */
export function ColourField({ label, value, onChange, onBlur, error, name, testId }: Props) {
  const t = useTranslations('ui');
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={t('colourField.picker', { label })}
          value={HEX.test(value) ? value.toLowerCase() : '#000000'}
          onChange={(e) => onChange(e.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-border bg-surface p-1"
          data-testid={testId ? `${testId}-picker` : undefined}
        />
        <input
          id={id}
          name={name}
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={7}
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`w-28 rounded-md border bg-surface px-3 py-2 font-mono text-fg ${error ? 'border-danger' : 'border-border'}`}
          data-testid={testId}
        />
      </div>
      {error ? (
        <p id={errorId} className="m-0 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

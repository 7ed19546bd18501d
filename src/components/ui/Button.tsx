import type { ButtonHTMLAttributes } from 'react';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'danger'; busy?: boolean };

const STYLES = {
  primary: 'bg-accent text-accent-fg hover:opacity-90',
  secondary: 'border border-border bg-surface text-fg hover:bg-bg',
  // The dark theme's danger red is light, so its label is dark there (contrast over 4.5:1 in both themes).
  danger: 'bg-danger text-white hover:opacity-90 dark:text-zinc-950',
};

/** A button; while `busy` it is disabled and says so to assistive technology. */
export function Button({ variant = 'primary', busy, disabled, className, children, type = 'button', ...rest }: Props) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium
        disabled:cursor-not-allowed disabled:opacity-60 ${STYLES[variant]} ${className ?? ''}`}
      {...rest}
    >
      {children}
    </button>
  );
}

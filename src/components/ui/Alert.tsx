import type { ReactNode } from 'react';

/** A message block; errors are announced assertively, the rest politely. */
export function Alert({ tone = 'info', children, testId }: { tone?: 'info' | 'success' | 'error'; children: ReactNode; testId?: string }) {
  const styles = {
    info: 'border-border bg-surface',
    success: 'border-green-600/40 bg-green-600/10',
    error: 'border-danger/50 bg-danger/10 text-danger',
  }[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border px-4 py-3 text-sm ${styles}`} data-testid={testId}>
      {children}
    </div>
  );
}

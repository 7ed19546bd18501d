import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { Button } from '@/components/ui/Button';
import type { CreatedApiKey } from '../schema';
import { isolated } from '@/components/ui/bidi';

/**
 * The new key's secret, shown this once: a read-only field to select, a copy button, and a
 * warning. Focus moves here when it appears; "Done" forgets the secret.
 */
export function NewKeySecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const t = useTranslations('teamAdmin');
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied('yes');
    } catch {
      // No clipboard access (an insecure origin, a refused permission): select it for the person to copy.
      field.current?.select();
      setCopied('failed');
    }
  };

  return (
    <section
      aria-labelledby="new-key-heading"
      className="mb-8 rounded-xl border-2 border-accent bg-surface p-4 sm:p-6"
      data-testid="api-key-secret-panel"
    >
      <h2 id="new-key-heading" ref={heading} tabIndex={-1} className="mb-2 text-lg font-semibold">
        {isolated((u) => t('apiKeys.secret.heading', { name: u(created.apiKey.name) }))}
      </h2>
      <p className="mb-3 text-sm" data-testid="api-key-secret-warning">
        {t.rich('apiKeys.secret.warning', { strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
      <label htmlFor="new-key-secret" className="mb-1 block text-sm font-medium">
        {t('apiKeys.secret.label')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id="new-key-secret"
          ref={field}
          readOnly
          value={created.secret}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-border bg-bg px-3 py-2 font-mono text-sm"
          data-testid="api-key-secret"
        />
        <Button variant="secondary" onClick={() => void copy()} data-testid="api-key-copy">
          {t('common.copy')}
        </Button>
      </div>
      <p aria-live="polite" className="mt-2 mb-3 min-h-5 text-sm text-muted" data-testid="api-key-copy-status">
        {copied === 'yes' ? t('common.copied') : copied === 'failed' ? t('apiKeys.secret.copyFailed') : ''}
      </p>
      <Button onClick={onDone} data-testid="api-key-secret-done">
        {t('apiKeys.secret.stored')}
      </Button>
    </section>
  );
}

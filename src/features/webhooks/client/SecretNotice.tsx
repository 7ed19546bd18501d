import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { Button } from '@/components/ui/Button';

/** The id of the secret's heading, where focus goes when the secret appears. */
export const SECRET_HEADING_ID = 'webhook-secret-heading';

/**
 * The signing secret, shown once (after adding an endpoint or rotating its secret) with a Copy
 * button: the page cannot show it again, so it says so. Focus moves here when it appears.
 */
export function SecretNotice({ url, secret, onDismiss }: { url: string; secret: string; onDismiss: () => void }) {
  const t = useTranslations('teamAdmin');
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [secret]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section
      aria-labelledby={SECRET_HEADING_ID}
      className="mb-6 rounded-xl border border-accent bg-surface p-4"
      data-testid="webhook-secret"
    >
      <h2 id={SECRET_HEADING_ID} ref={heading} tabIndex={-1} className="mb-1 text-base font-semibold">
        {t('webhooks.secret.heading')}
      </h2>
      <p className="mb-3 text-sm text-muted">
        {t.rich('webhooks.secret.note', {
          url,
          addr: (chunks) => <span className="break-all">{chunks}</span>,
          code: (chunks) => <code>{chunks}</code>,
        })}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          className="min-w-0 flex-1 rounded-md border border-border bg-bg px-3 py-2 text-sm break-all"
          data-testid="webhook-secret-value"
        >
          {secret}
        </code>
        <div className="flex gap-2">
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => void copy()} data-testid="webhook-secret-copy">
            {t('common.copy')}
          </Button>
          <Button variant="secondary" className="px-3 py-1.5" onClick={onDismiss}>
            {t('common.done')}
          </Button>
        </div>
      </div>
      <p aria-live="polite" className="mt-2 text-sm empty:hidden">
        {copied === 'copied' ? t('common.copied') : copied === 'failed' ? t('identify.copyFailed') : ''}
      </p>
    </section>
  );
}

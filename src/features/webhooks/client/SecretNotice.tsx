import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';

/**
 * The signing secret, shown once (after adding an endpoint or rotating its secret) with a Copy
 * button: the page cannot show it again, so it says so. Focus moves here when it appears.
 */
export function SecretNotice({ url, secret, onDismiss }: { url: string; secret: string; onDismiss: () => void }) {
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
      aria-labelledby="webhook-secret-heading"
      className="mb-6 rounded-xl border border-accent bg-surface p-4"
      data-testid="webhook-secret"
    >
      <h2 id="webhook-secret-heading" ref={heading} tabIndex={-1} className="mb-1 text-base font-semibold">
        Signing secret
      </h2>
      <p className="mb-3 text-sm text-muted">
        Give this secret to the receiver at <span className="break-all">{url}</span> so it can verify the <code>Chorus-Signature</code>{' '}
        header. It is shown only now; rotate it to get a new one.
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
            Copy
          </Button>
          <Button variant="secondary" className="px-3 py-1.5" onClick={onDismiss}>
            Done
          </Button>
        </div>
      </div>
      <p aria-live="polite" className="mt-2 text-sm empty:hidden">
        {copied === 'copied'
          ? 'Copied to the clipboard.'
          : copied === 'failed'
            ? 'Could not copy: select the secret and copy it by hand.'
            : ''}
      </p>
    </section>
  );
}

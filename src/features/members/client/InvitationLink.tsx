import { useId, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { Button } from '@/components/ui/Button';
import type { Invitation } from '@/features/accounts/schema';
import { isolate } from './isolate';

/**
 * A new invitation link, for the admin to pass on: a read-only field (focus selects it) and a
 * Copy button whose outcome is announced. The link exists only in this answer (it is stored
 * hashed), so the panel says it cannot be shown again.
 */
export function InvitationLink({ invitation }: { invitation: Invitation }) {
  const t = useTranslations('teamAdmin');
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invitation.link);
      setCopied('yes');
    } catch {
      // No clipboard access (an insecure origin, a refused permission): select it for the person to copy.
      field.current?.focus();
      field.current?.select();
      setCopied('failed');
    }
  };

  return (
    <div className="mt-3" data-testid="invitation-link">
      <label htmlFor={id} className="mb-1 block text-sm font-medium break-words">
        {t('members.link.label', { email: isolate(invitation.email) })}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          ref={field}
          readOnly
          dir="ltr"
          value={invitation.link}
          onFocus={(e) => e.currentTarget.select()}
          aria-describedby={`${id}-once`}
          className="min-w-0 flex-1 rounded-md border border-border bg-bg px-3 py-2 font-mono text-sm"
          data-testid="invitation-link-field"
        />
        <Button variant="secondary" onClick={() => void copy()} data-testid="invitation-link-copy">
          {t('common.copy')}
        </Button>
      </div>
      <p id={`${id}-once`} className="mt-1 text-xs text-muted">
        {t('members.link.once')}
      </p>
      <p aria-live="polite" className="mt-1 min-h-5 text-sm" data-testid="invitation-link-status">
        {copied === 'yes' ? t('common.copied') : copied === 'failed' ? t('members.link.copyFailed') : ''}
      </p>
    </div>
  );
}

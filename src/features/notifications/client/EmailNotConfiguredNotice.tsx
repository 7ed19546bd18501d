import Link from 'next/link';
import { useEffect, useState } from 'react';
import { paths } from '@/config/paths';
import { canAdminister, canEnterTeamArea, type PolicyActor } from '@/core/identity/policy';
import { api } from '@/lib/api';
import type { EmailStatus } from '../schema';

/**
 * Under the team navigation: when no SMTP server is configured, nothing the workspace "sends"
 * leaves it, so the team is told, with how many emails are waiting; admins get the outbox, where
 * they can pass links on. Renders nothing while loading, when email works, or for non-team viewers.
 */
export function EmailNotConfiguredNotice({ viewer }: { viewer: PolicyActor }) {
  const [status, setStatus] = useState<EmailStatus | null>(null);
  const team = canEnterTeamArea(viewer) === 'allow';
  useEffect(() => {
    if (!team) return;
    const controller = new AbortController();
    api<EmailStatus>('/api/v1/admin/email-status', { signal: controller.signal })
      .then(setStatus)
      // The notice is a hint: a failed check shows nothing rather than an error.
      .catch(() => undefined);
    return () => controller.abort();
  }, [team]);
  if (!team || !status || status.smtpConfigured) return null;
  const waiting = `${status.waiting} ${status.waiting === 1 ? 'email is' : 'emails are'} waiting in the outbox`;
  return (
    <div className="-mt-3 mb-6 rounded-md border border-border bg-surface px-4 py-3 text-sm" data-testid="email-not-configured">
      <p className="m-0">
        <strong>Email is not configured.</strong> This workspace cannot send email (no <code>SMTP_URL</code>), so sign-up confirmations,
        sign-in links and password resets do not reach anyone: {waiting}.{' '}
        {canAdminister(viewer) === 'allow' ? (
          <>
            <Link href={paths.adminOutbox()} className="font-medium text-accent underline underline-offset-2 hover:no-underline">
              Open the outbox
            </Link>{' '}
            to pass a link on, mark members verified in Members, or set <code>SMTP_URL</code> to send them.
          </>
        ) : (
          'Admins can read them in the outbox and pass links on.'
        )}
      </p>
    </div>
  );
}

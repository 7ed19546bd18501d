import Link from 'next/link';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { paths } from '@/config/paths';
import { canAdminister, canEnterTeamArea, type PolicyActor } from '@/core/identity/policy';
import { api } from '@/lib/api';
import { useOutboxChanges } from '@/lib/outbox-changes';
import type { EmailStatus } from '../schema';

/**
 * Under the team navigation: when no SMTP server is configured, nothing the workspace "sends"
 * leaves it, so the team is told, with how many emails are waiting; admins get the outbox, where
 * they can pass links on. Renders nothing while loading, when email works, or for non-team viewers.
 * The count is read again when the page announces an outbox change (src/lib/outbox-changes.ts).
 */
export function EmailNotConfiguredNotice({ viewer }: { viewer: PolicyActor }) {
  const [status, setStatus] = useState<EmailStatus | null>(null);
  // Counts the page's announced outbox changes: each one reads the status again.
  const [changes, setChanges] = useState(0);
  const team = canEnterTeamArea(viewer) === 'allow';
  useOutboxChanges(() => setChanges((n) => n + 1));
  useEffect(() => {
    if (!team) return;
    const controller = new AbortController();
    api<EmailStatus>('/api/v1/admin/email-status', { signal: controller.signal })
      .then(setStatus)
      // The notice is a hint: a failed check shows nothing (or the last count) rather than an error.
      .catch(() => undefined);
    return () => controller.abort();
  }, [team, changes]);
  if (!team || !status || status.smtpConfigured) return null;
  return <Notice waiting={status.waiting} admin={canAdminister(viewer) === 'allow'} />;
}

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
const code = (chunks: ReactNode) => <code>{chunks}</code>;

/** The notice itself: rendered for the team only, whose pages carry the `teamAdmin` words. */
function Notice({ waiting, admin }: { waiting: number; admin: boolean }) {
  const t = useTranslations('teamAdmin');
  return (
    <div className="-mt-3 mb-6 rounded-md border border-border bg-surface px-4 py-3 text-sm" data-testid="email-not-configured">
      <p className="m-0">
        {t.rich('outboxList.notice.text', { strong, code, count: waiting })}{' '}
        {admin
          ? t.rich('outboxList.notice.admin', {
              code,
              link: (chunks) => (
                <Link href={paths.adminOutbox()} className="font-medium text-accent underline underline-offset-2 hover:no-underline">
                  {chunks}
                </Link>
              ),
            })
          : t('outboxList.notice.team')}
      </p>
    </div>
  );
}

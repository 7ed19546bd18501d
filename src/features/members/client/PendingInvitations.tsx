import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ScrollRegion } from '@/components/ui/ScrollRegion';
import type { Invitation, PendingInvitation, PendingInvitationList } from '@/features/accounts/schema';
import { api } from '@/lib/api';
import { announceOutboxChange } from '@/lib/outbox-changes';
import { useFormats } from '@/lib/use-formats';
import { InvitationLink } from './InvitationLink';
import { TableHead } from '@/components/ui/TableHead';
import { isolate } from './isolate';

type Outcome = { text: string; invitation: Invitation | null };

/**
 * The pending invitations, for admins: read when the page opens and again after each change
 * (`refreshKey` changes when the form creates one). Resend and "Copy link" replace the link (the
 * stored one cannot be read back), so each asks first and says that the old link stops working.
 */
export function PendingInvitations({ smtpConfigured, refreshKey }: { smtpConfigured: boolean; refreshKey: number }) {
  const t = useTranslations('teamAdmin');
  const [list, setList] = useState<PendingInvitationList | null>(null);
  const [failed, setFailed] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [reloads, setReloads] = useState(0);
  const outcomeRef = useRef<HTMLDivElement>(null);
  // Set by a confirmed action: its dialog then hands focus to what it says (a revoked row is gone).
  const justChanged = useRef(false);
  const focusOutcome = useCallback(() => {
    const target = justChanged.current ? outcomeRef.current : null;
    justChanged.current = false;
    return target;
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    api<PendingInvitationList>('/api/v1/invitations', { signal: controller.signal }).then(
      (next) => {
        setList(next);
        setFailed(false);
      },
      (err: unknown) => {
        if ((err as Error).name !== 'AbortError') setFailed(true);
      },
    );
    return () => controller.abort();
  }, [refreshKey, reloads]);

  /** After a change: say what happened, read the list again, and let the outbox's count follow. */
  const changed = useCallback((next: Outcome) => {
    justChanged.current = true;
    setOutcome(next);
    setReloads((n) => n + 1);
    announceOutboxChange();
  }, []);

  return (
    // No landmark of its own: the table's scroll region already is one, named as the heading.
    <div className="mb-8" data-testid="pending-invitations">
      <h2 className="text-lg font-semibold">{t('members.invitations.heading')}</h2>
      <p className="mt-1 mb-4 text-sm text-muted">{t('members.invitations.intro')}</p>
      <div aria-live="polite" ref={outcomeRef} tabIndex={-1} className="empty:hidden" data-testid="invitations-outcome">
        {outcome ? (
          <Alert tone="success">
            <span className="break-words">{outcome.text}</span>
          </Alert>
        ) : null}
      </div>
      {outcome?.invitation ? <InvitationLink key={outcome.invitation.link} invitation={outcome.invitation} /> : null}
      {failed ? (
        <Alert tone="error" testId="invitations-failed">
          {t('members.invitations.loadFailed')}
        </Alert>
      ) : list === null ? (
        <p className="text-sm text-muted" role="status" data-testid="invitations-loading">
          {t('members.invitations.loading')}
        </p>
      ) : list.items.length === 0 ? (
        <p className="rounded-md border border-dashed border-border px-4 py-3 text-sm text-muted" data-testid="invitations-empty">
          {t('members.invitations.empty')}
        </p>
      ) : (
        <>
          <ScrollRegion label={t('members.invitations.table.label')} testId="invitations-scroll">
            <table className="mt-2 w-full min-w-[44rem] text-start text-sm">
              <TableHead
                columns={[
                  t('members.invitations.table.email'),
                  t('members.invitations.table.role'),
                  t('members.invitations.table.invitedBy'),
                  t('members.invitations.table.expires'),
                ]}
                actions={t('members.invitations.table.actions')}
              />
              <tbody>
                {list.items.map((invitation) => (
                  <InvitationRow
                    key={invitation.id}
                    invitation={invitation}
                    smtpConfigured={smtpConfigured}
                    onChanged={changed}
                    focusOutcome={focusOutcome}
                  />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {list.total > list.items.length ? (
            <p className="mt-2 text-sm text-muted" data-testid="invitations-more">
              {t('members.invitations.more', { shown: list.items.length, total: list.total })}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

function InvitationRow({
  invitation,
  smtpConfigured,
  onChanged,
  focusOutcome,
}: {
  invitation: PendingInvitation;
  smtpConfigured: boolean;
  onChanged: (outcome: Outcome) => void;
  focusOutcome: () => HTMLElement | null;
}) {
  const t = useTranslations('teamAdmin');
  const formats = useFormats();
  const email = isolate(invitation.email);
  const base = `/api/v1/invitations/${encodeURIComponent(invitation.id)}`;

  const reissue = async (action: 'resend' | 'link') => {
    const made = await api<Invitation>(`${base}/${action}`, { method: 'POST' });
    if (made.delivery === 'queued') onChanged({ text: t('members.invitations.resent', { email }), invitation: null });
    else onChanged({ text: t('members.invitations.newLink', { email }), invitation: made });
  };
  const revoke = async () => {
    await api(base, { method: 'DELETE' });
    onChanged({ text: t('members.invitations.revoked', { email }), invitation: null });
  };

  return (
    <tr className="border-t border-border align-middle" data-testid="invitation-row" data-invitation-id={invitation.id}>
      <td className="py-3 pe-4 break-all" dir="auto" data-testid="invitation-email">
        {invitation.email}
      </td>
      <td className="py-3 pe-4" data-testid="invitation-role">
        {t(`roles.${invitation.role}`)}
      </td>
      <td className="py-3 pe-4" dir={invitation.invitedBy ? 'auto' : undefined}>
        {invitation.invitedBy ? (
          invitation.invitedBy.displayName
        ) : (
          <span className="text-muted">{t('members.invitations.notRecorded')}</span>
        )}
      </td>
      <td className="py-3 pe-4 whitespace-nowrap">
        <time dateTime={invitation.expiresAt}>{formats.date(invitation.expiresAt)}</time>
      </td>
      <td className="py-3 text-end whitespace-nowrap">
        <ConfirmDialog
          trigger={
            <Button variant="secondary" className="me-2 px-3 py-1.5" data-testid="invitation-resend">
              {t('members.invitations.resend')}
              <span className="sr-only"> {invitation.email}</span>
            </Button>
          }
          title={t('members.invitations.resendTitle', { email })}
          description={smtpConfigured ? t('members.invitations.resendDescription') : t('members.invitations.resendDescriptionNoSmtp')}
          confirmLabel={t('members.invitations.resend')}
          tone="primary"
          onConfirm={() => reissue('resend')}
          focusOnClose={focusOutcome}
          testId="invitation-resend-dialog"
        />
        <ConfirmDialog
          trigger={
            <Button variant="secondary" className="me-2 px-3 py-1.5" data-testid="invitation-copy-link">
              {t('members.invitations.copyLink')}
              <span className="sr-only"> {invitation.email}</span>
            </Button>
          }
          title={t('members.invitations.linkTitle', { email })}
          description={t('members.invitations.linkDescription')}
          confirmLabel={t('members.invitations.linkConfirm')}
          tone="primary"
          onConfirm={() => reissue('link')}
          focusOnClose={focusOutcome}
          testId="invitation-link-dialog"
        />
        <ConfirmDialog
          trigger={
            <Button variant="secondary" className="px-3 py-1.5" data-testid="invitation-revoke">
              {t('members.invitations.revoke')}
              <span className="sr-only"> {invitation.email}</span>
            </Button>
          }
          title={t('members.invitations.revokeTitle', { email })}
          description={t('members.invitations.revokeDescription')}
          confirmLabel={t('members.invitations.revoke')}
          onConfirm={revoke}
          focusOnClose={focusOutcome}
          testId="invitation-revoke-dialog"
        />
      </td>
    </tr>
  );
}

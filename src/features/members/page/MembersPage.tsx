import Link from 'next/link';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import { paths } from '@/config/paths';
import { canAdminister } from '@/core/identity/policy';
import type { ShellProps } from '@/core/shell';
import { InviteForm } from '../client/InviteForm';
import { PendingInvitations } from '../client/PendingInvitations';
import { MemberSearch } from '../client/MemberSearch';
import { MemberTable } from '../client/MemberTable';
import type { MemberPage } from '../schema';

export type MembersPageProps = {
  members: MemberPage;
  q: string;
  /** Whether this is a later page (a "first page" link is then offered). */
  paged: boolean;
  /** Whether an SMTP server sends the workspace's email (otherwise invitation links are for the admin to pass on). */
  smtpConfigured: boolean;
};

/**
 * `/admin/members`: moderators and admins see the people; admins change roles, invite (and see,
 * resend and revoke pending invitations) and ban anyone but themselves, moderators ban members.
 */
export default function MembersPage({ shell, members, q, paged, smtpConfigured }: ShellProps & MembersPageProps) {
  const t = useTranslations('teamAdmin');
  // Counts the invitations created here, so the pending list reads itself again after each.
  const [created, setCreated] = useState(0);
  const viewer = shell.viewer!;
  const actor = { kind: 'user' as const, id: viewer.id, role: viewer.role };
  const nextQuery = { ...(q ? { q } : {}), ...(members.nextCursor ? { cursor: members.nextCursor } : {}) };
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title={t('members.title')} siteName={shell.workspace.name}>
        {t('members.intro')}
      </PageHeading>
      {canAdminister(actor) === 'allow' ? (
        <>
          <InviteForm smtpConfigured={smtpConfigured} onCreated={() => setCreated((n) => n + 1)} />
          <PendingInvitations smtpConfigured={smtpConfigured} refreshKey={created} />
        </>
      ) : null}
      <MemberSearch key={q} q={q} />
      {members.items.length === 0 ? (
        <EmptyState title={q ? t('members.emptySearchTitle') : t('members.emptyTitle')} testId="members-empty">
          {q ? t('members.emptySearch', { q }) : t('members.empty')}
        </EmptyState>
      ) : (
        <MemberTable members={members.items} viewer={actor} />
      )}
      {paged || members.nextCursor ? (
        <nav aria-label={t('members.pages')} className="mt-6 flex justify-between gap-4 text-sm">
          {paged ? (
            <Link href={{ pathname: paths.adminMembers(), query: q ? { q } : {} }} className="underline">
              {t('members.firstPage')}
            </Link>
          ) : (
            <span />
          )}
          {members.nextCursor ? (
            <Link href={{ pathname: paths.adminMembers(), query: nextQuery }} className="underline" data-testid="members-next">
              {t('members.nextPage')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { SelectField } from '@/components/ui/SelectField';
import { paths } from '@/config/paths';
import { canAdminister, canBan, type PolicyActor } from '@/core/identity/policy';
import { ROLES, type Role } from '@/core/identity/roles';
import { api, ApiError } from '@/lib/api';
import { useFormats } from '@/lib/use-formats';
import type { Member, MemberState } from '../schema';
import { useApiErrorText } from '@/lib/api-error-text';

export type Notify = (tone: 'success' | 'error', text: string) => void;

const STATE_STYLES: Record<MemberState, string> = {
  active: 'border-green-700/40 text-green-800 dark:text-green-300',
  banned: 'border-danger/50 text-danger',
  unverified: 'border-border text-muted',
};

/** One person in the member list, with the actions this viewer may take (the same policies as the server). */
export function MemberRow({ initial, viewer, notify }: { initial: Member; viewer: PolicyActor & { kind: 'user' }; notify: Notify }) {
  const t = useTranslations('teamAdmin');
  const errorText = useApiErrorText();
  const formats = useFormats();
  const [member, setMember] = useState(initial);
  const name = member.displayName;
  const [savingRole, setSavingRole] = useState(false);
  const mayChangeRole = canAdminister(viewer) === 'allow';
  const mayBan = canBan(viewer, member) === 'allow';
  const isSelf = member.id === viewer.id;

  const changeRole = async (role: Role) => {
    const previous = member;
    setMember({ ...member, role });
    setSavingRole(true);
    try {
      const updated = await api<Member>(`/api/v1/members/${member.id}`, { method: 'PATCH', body: { role } });
      setMember(updated);
      // A role change ends the person's sessions, one's own included.
      if (isSelf) window.location.assign(paths.login(paths.admin()));
      else notify('success', t('members.row.roleChanged', { name, role: updated.role }));
    } catch (err) {
      setMember(previous);
      notify('error', err instanceof ApiError ? errorText(err) : t('members.row.roleFailed'));
    } finally {
      setSavingRole(false);
    }
  };

  const setBanned = async (banned: boolean) => {
    const updated = await api<Member>(`/api/v1/members/${member.id}/ban`, { method: banned ? 'POST' : 'DELETE' });
    setMember(updated);
    notify('success', banned ? t('members.row.bannedDone', { name }) : t('members.row.unbannedDone', { name }));
  };

  const markVerified = async () => {
    const updated = await api<Member>(`/api/v1/members/${member.id}/verify`, { method: 'POST' });
    setMember(updated);
    notify('success', t('members.row.verifiedDone', { name }));
  };

  const banned = member.state === 'banned';
  // Admins vouch for an address when the confirmation email cannot reach its owner (no SMTP).
  const mayVerify = mayChangeRole && member.state === 'unverified';
  return (
    <tr className="border-t border-border align-middle" data-testid="member-row" data-member-id={member.id}>
      <td className="py-3 pe-4">
        <div className="flex items-center gap-3">
          <Avatar name={member.displayName} url={member.avatarUrl} size={32} />
          <span className="font-medium">
            <bdi>{member.displayName}</bdi>
            {isSelf ? <span className="ms-1 text-xs text-muted">{t('members.row.you')}</span> : null}
          </span>
        </div>
      </td>
      <td className="py-3 pe-4 break-all text-muted">{member.email}</td>
      <td className="py-3 pe-4">
        {mayChangeRole ? (
          <SelectField
            label={t('members.row.roleOf', { name })}
            hideLabel
            options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            value={member.role}
            disabled={savingRole}
            aria-busy={savingRole || undefined}
            onChange={(e) => void changeRole(e.target.value as Role)}
            data-testid="member-role"
          />
        ) : (
          <span data-testid="member-role">{t(`roles.${member.role}`)}</span>
        )}
      </td>
      <td className="py-3 pe-4">
        <span
          className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium ${STATE_STYLES[member.state]}`}
          data-testid="member-state"
        >
          {t(`members.states.${member.state}`)}
        </span>
      </td>
      <td className="py-3 pe-4 whitespace-nowrap">
        <time dateTime={member.joinedAt}>{formats.date(member.joinedAt)}</time>
      </td>
      <td className="py-3 text-end">
        {mayVerify ? (
          <ConfirmDialog
            trigger={
              <Button variant="secondary" className={`px-3 py-1.5${mayBan ? ' me-2' : ''}`} data-testid="verify-member">
                {t('members.row.markVerified')}
                <span className="sr-only"> {member.displayName}</span>
              </Button>
            }
            title={t('members.row.verifyTitle', { name })}
            description={t('members.row.verifyDescription', { email: member.email })}
            confirmLabel={t('members.row.markVerified')}
            tone="primary"
            onConfirm={markVerified}
            testId="verify-dialog"
          />
        ) : null}
        {mayBan ? (
          <ConfirmDialog
            trigger={
              <Button variant="secondary" className="px-3 py-1.5" data-testid={banned ? 'unban-member' : 'ban-member'}>
                {banned ? t('members.row.unban') : t('members.row.ban')}
                <span className="sr-only"> {member.displayName}</span>
              </Button>
            }
            title={banned ? t('members.row.unbanTitle', { name }) : t('members.row.banTitle', { name })}
            description={banned ? t('members.row.unbanDescription') : t('members.row.banDescription')}
            confirmLabel={banned ? t('members.row.unban') : t('members.row.ban')}
            tone={banned ? 'primary' : 'danger'}
            onConfirm={() => setBanned(!banned)}
            testId="ban-dialog"
          />
        ) : null}
      </td>
    </tr>
  );
}

import { useState } from 'react';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { SelectField } from '@/components/ui/SelectField';
import { paths } from '@/config/paths';
import { canAdminister, canBan, type PolicyActor } from '@/core/identity/policy';
import { ROLE_LABELS, ROLES, type Role } from '@/core/identity/roles';
import { api, ApiError } from '@/lib/api';
import { formatDate } from '@/lib/dates';
import { MEMBER_STATE_LABELS, type Member, type MemberState } from '../schema';

export type Notify = (tone: 'success' | 'error', text: string) => void;

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
const STATE_STYLES: Record<MemberState, string> = {
  active: 'border-green-700/40 text-green-800 dark:text-green-300',
  banned: 'border-danger/50 text-danger',
  unverified: 'border-border text-muted',
};

/** One person in the member list, with the actions this viewer may take (the same policies as the server). */
export function MemberRow({ initial, viewer, notify }: { initial: Member; viewer: PolicyActor & { kind: 'user' }; notify: Notify }) {
  const [member, setMember] = useState(initial);
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
      else notify('success', `${member.displayName} is now ${ROLE_LABELS[updated.role].toLowerCase()}. They will need to sign in again.`);
    } catch (err) {
      setMember(previous);
      notify('error', err instanceof ApiError ? err.message : 'The role could not be changed.');
    } finally {
      setSavingRole(false);
    }
  };

  const setBanned = async (banned: boolean) => {
    const updated = await api<Member>(`/api/v1/members/${member.id}/ban`, { method: banned ? 'POST' : 'DELETE' });
    setMember(updated);
    notify('success', banned ? `${member.displayName} is banned and was signed out.` : `${member.displayName} can sign in again.`);
  };

  const markVerified = async () => {
    const updated = await api<Member>(`/api/v1/members/${member.id}/verify`, { method: 'POST' });
    setMember(updated);
    notify('success', `${member.displayName}'s address is marked as confirmed.`);
  };

  const banned = member.state === 'banned';
  // Admins vouch for an address when the confirmation email cannot reach its owner (no SMTP).
  const mayVerify = mayChangeRole && member.state === 'unverified';
  return (
    <tr className="border-t border-border align-middle" data-testid="member-row" data-member-id={member.id}>
      <td className="py-3 pr-4">
        <div className="flex items-center gap-3">
          <Avatar name={member.displayName} url={member.avatarUrl} size={32} />
          <span className="font-medium">
            {member.displayName}
            {isSelf ? <span className="ml-1 text-xs text-muted">(you)</span> : null}
          </span>
        </div>
      </td>
      <td className="py-3 pr-4 break-all text-muted">{member.email}</td>
      <td className="py-3 pr-4">
        {mayChangeRole ? (
          <SelectField
            label={`Role of ${member.displayName}`}
            hideLabel
            options={ROLE_OPTIONS}
            value={member.role}
            disabled={savingRole}
            aria-busy={savingRole || undefined}
            onChange={(e) => void changeRole(e.target.value as Role)}
            data-testid="member-role"
          />
        ) : (
          <span data-testid="member-role">{ROLE_LABELS[member.role]}</span>
        )}
      </td>
      <td className="py-3 pr-4">
        <span
          className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium ${STATE_STYLES[member.state]}`}
          data-testid="member-state"
        >
          {MEMBER_STATE_LABELS[member.state]}
        </span>
      </td>
      <td className="py-3 pr-4 whitespace-nowrap">
        <time dateTime={member.joinedAt}>{formatDate(member.joinedAt)}</time>
      </td>
      <td className="py-3 text-right">
        {mayVerify ? (
          <ConfirmDialog
            trigger={
              <Button variant="secondary" className={`px-3 py-1.5${mayBan ? ' mr-2' : ''}`} data-testid="verify-member">
                Mark verified
                <span className="sr-only"> {member.displayName}</span>
              </Button>
            }
            title={`Mark ${member.displayName}'s address as confirmed?`}
            description={
              `Do this only when you know that ${member.email} belongs to the person asking: they ` +
              `can then sign in with the password chosen at sign-up.`
            }
            confirmLabel="Mark verified"
            tone="primary"
            onConfirm={markVerified}
            testId="verify-dialog"
          />
        ) : null}
        {mayBan ? (
          <ConfirmDialog
            trigger={
              <Button variant="secondary" className="px-3 py-1.5" data-testid={banned ? 'unban-member' : 'ban-member'}>
                {banned ? 'Unban' : 'Ban'}
                <span className="sr-only"> {member.displayName}</span>
              </Button>
            }
            title={banned ? `Unban ${member.displayName}?` : `Ban ${member.displayName}?`}
            description={
              banned
                ? 'They will be able to sign in again. Nothing else about their account changes.'
                : 'They are signed out everywhere at once and cannot sign in until the ban is lifted. Their posts and comments stay.'
            }
            confirmLabel={banned ? 'Unban' : 'Ban'}
            tone={banned ? 'primary' : 'danger'}
            onConfirm={() => setBanned(!banned)}
            testId="ban-dialog"
          />
        ) : null}
      </td>
    </tr>
  );
}

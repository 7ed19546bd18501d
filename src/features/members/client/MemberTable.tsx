import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { ScrollRegion } from '@/components/ui/ScrollRegion';
import { TableHead } from '@/components/ui/TableHead';
import type { PolicyActor } from '@/core/identity/policy';
import type { Member } from '../schema';
import { MemberRow, type Notify } from './MemberRow';

/** The member list with one message line for the outcome of the last action. */
export function MemberTable({ members, viewer }: { members: Member[]; viewer: PolicyActor & { kind: 'user' } }) {
  const t = useTranslations('teamAdmin');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const notify: Notify = (tone, text) => setMessage({ tone, text });
  return (
    <>
      <div aria-live="polite" data-testid="members-message">
        {message ? (
          <p
            className={`mb-4 rounded-md border px-4 py-3 text-sm ${
              message.tone === 'error' ? 'border-danger/50 ' + 'bg-danger/10 text-danger' : 'border-green-600/40 bg-green-600/10'
            }`}
          >
            {message.text}
          </p>
        ) : null}
      </div>
      {/* Scrolls sideways on narrow screens instead of widening the page, and shows that it does. */}
      <ScrollRegion label={t('members.table.label')} testId="members-scroll">
        <table className="w-full min-w-[44rem] text-start text-sm">
          <TableHead
            columns={[
              t('members.table.name'),
              t('members.table.email'),
              t('members.table.role'),
              t('members.table.state'),
              t('members.table.joined'),
            ]}
            actions={t('members.table.actions')}
          />
          <tbody>
            {members.map((m) => (
              // Keyed by what the server says, so fresh page data replaces a row's local state.
              <MemberRow key={`${m.id}:${m.role}:${m.state}`} initial={m} viewer={viewer} notify={notify} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

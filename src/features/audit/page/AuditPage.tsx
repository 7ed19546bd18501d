import Link from 'next/link';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { formatDateTime } from '@/lib/dates';
import { AuditDiff } from '../client/AuditDiff';
import { AUDIT_ACTION_LABELS, type AuditPage as AuditEvents } from '../schema';

export type AuditPageProps = { events: AuditEvents; paged: boolean };

/** `/admin/audit`: who did what, newest first (admins only). */
export default function AuditPage({ shell, events, paged }: ShellProps & AuditPageProps) {
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title="Audit log" siteName={shell.workspace.name}>
        Every change to roles, bans, invitations and settings, with who made it and from where.
      </PageHeading>
      {events.items.length === 0 ? (
        <EmptyState title="Nothing recorded yet" testId="audit-empty">
          Changes to members and settings appear here as they happen.
        </EmptyState>
      ) : (
        <div className="relative overflow-x-auto" role="region" aria-label="Audit events" tabIndex={0}>
          <table className="w-full min-w-[44rem] text-left text-sm" data-testid="audit-table">
            <thead className="text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  When
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Who
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Action
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Target
                </th>
                <th scope="col" className="py-2 font-medium">
                  Change
                </th>
              </tr>
            </thead>
            <tbody>
              {events.items.map((e) => (
                <tr key={e.id} className="border-t border-border align-top" data-testid="audit-row">
                  <td className="py-3 pr-4 whitespace-nowrap">
                    <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                  </td>
                  <td className="py-3 pr-4">
                    <div>{e.actor.label}</div>
                    {e.ip ? <div className="text-xs text-muted">{e.ip}</div> : null}
                  </td>
                  <td className="py-3 pr-4">
                    <div>{AUDIT_ACTION_LABELS[e.action] ?? e.action}</div>
                    <code className="text-xs text-muted">{e.action}</code>
                  </td>
                  <td className="py-3 pr-4 break-words">{e.target ? e.target.label : '—'}</td>
                  <td className="py-3">
                    <AuditDiff before={e.before} after={e.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {paged || events.nextCursor ? (
        <nav aria-label="Pages of the audit log" className="mt-6 flex justify-between gap-4 text-sm">
          {paged ? (
            <Link href={paths.adminAudit()} className="underline">
              Newest events
            </Link>
          ) : (
            <span />
          )}
          {events.nextCursor ? (
            <Link
              href={{ pathname: paths.adminAudit(), query: { cursor: String(events.nextCursor) } }}
              className="underline"
              data-testid="audit-next"
            >
              Older events
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

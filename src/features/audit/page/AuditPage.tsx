import Link from 'next/link';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { formatDateTime } from '@/lib/dates';
import { AuditDiff, hasDiff } from '../client/AuditDiff';
import type { AuditPage as AuditEvents, AuditEventView } from '../schema';
import type { AuditPart } from '../sentences';

export type AuditPageProps = { events: AuditEvents; paged: boolean };

/** A sentence's parts: links to what exists, names of what is gone, times in UTC; all text, never HTML. */
function Sentence({ parts }: { parts: AuditPart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.t === 'text' ? (
          <span key={i}>{p.v}</span>
        ) : p.t === 'time' ? (
          <time key={i} dateTime={p.iso}>
            {formatDateTime(p.iso)}
          </time>
        ) : p.href ? (
          <Link key={i} href={p.href} className="font-medium underline [overflow-wrap:anywhere]">
            {p.v}
          </Link>
        ) : (
          <span key={i} className="font-medium [overflow-wrap:anywhere]">
            {p.v}
          </span>
        ),
      )}
    </>
  );
}

function AuditItem({ e }: { e: AuditEventView }) {
  return (
    <li className="px-4 py-3" data-testid="audit-row">
      <p className="m-0 text-sm break-words" data-testid="audit-sentence">
        <Sentence parts={e.sentence} />.
      </p>
      <p className="m-0 mt-1 flex flex-wrap gap-x-2 text-xs text-muted">
        <time dateTime={e.at}>{formatDateTime(e.at)}</time>
        {e.ip ? <span>from {e.ip}</span> : null}
        <code data-testid="audit-action">{e.action}</code>
      </p>
      {hasDiff(e.before, e.after) ? (
        <details className="mt-2 text-sm" data-testid="audit-details">
          <summary className="cursor-pointer text-xs font-medium text-muted hover:text-fg">Show what changed</summary>
          <div className="mt-2 rounded-md border border-border bg-bg p-3">
            <AuditDiff before={e.before} after={e.after} />
          </div>
        </details>
      ) : null}
    </li>
  );
}

/** `/admin/audit`: who did what, newest first, in sentences (admins only). */
export default function AuditPage({ shell, events, paged }: ShellProps & AuditPageProps) {
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title="Audit log" siteName={shell.workspace.name}>
        Every change the team and the system made: posts, boards, statuses, tags, the changelog, members and settings, with who made it and
        from where.
      </PageHeading>
      {events.items.length === 0 ? (
        <EmptyState title="Nothing recorded yet" testId="audit-empty">
          Changes appear here as they happen.
        </EmptyState>
      ) : (
        <ol
          className="m-0 list-none divide-y divide-border rounded-xl border border-border bg-surface p-0"
          aria-label="Audit events"
          data-testid="audit-list"
        >
          {events.items.map((e) => (
            <AuditItem key={e.id} e={e} />
          ))}
        </ol>
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
            <Link href={paths.adminAudit(events.nextCursor)} rel="next" className="underline" data-testid="audit-next">
              Older events
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

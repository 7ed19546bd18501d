import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { useFormats } from '@/lib/use-formats';
import { AuditDiff, hasDiff } from '../client/AuditDiff';
import type { AuditPage as AuditEvents, AuditEventView } from '../schema';
import type { AuditPart } from '../schema';

export type AuditPageProps = { events: AuditEvents; paged: boolean };

/** A sentence's parts: links to what exists, names of what is gone, times in UTC; all text, never HTML. */
function Sentence({ parts }: { parts: AuditPart[] }) {
  const formats = useFormats();
  return (
    <>
      {parts.map((p, i) =>
        p.t === 'text' ? (
          <span key={i}>{p.v}</span>
        ) : p.t === 'time' ? (
          <time key={i} dateTime={p.iso}>
            {formats.dateTime(p.iso)}
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
  const t = useTranslations('teamAdmin');
  const formats = useFormats();
  return (
    <li className="px-4 py-3" data-testid="audit-row">
      <p className="m-0 text-sm break-words" data-testid="audit-sentence">
        <Sentence parts={e.sentence} />
        {t('audit.fullStop')}
      </p>
      <p className="m-0 mt-1 flex flex-wrap gap-x-2 text-xs text-muted">
        <time dateTime={e.at}>{formats.dateTime(e.at)}</time>
        {e.ip ? <span>{t('audit.from', { ip: e.ip })}</span> : null}
        <code data-testid="audit-action">{e.action}</code>
      </p>
      {hasDiff(e.before, e.after) ? (
        <details className="mt-2 text-sm" data-testid="audit-details">
          <summary className="cursor-pointer text-xs font-medium text-muted hover:text-fg">{t('audit.showChanges')}</summary>
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
  const t = useTranslations('teamAdmin');
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title={t('audit.title')} siteName={shell.workspace.name}>
        {t('audit.intro')}
      </PageHeading>
      {events.items.length === 0 ? (
        <EmptyState title={t('audit.emptyTitle')} testId="audit-empty">
          {t('audit.empty')}
        </EmptyState>
      ) : (
        <ol
          className="m-0 list-none divide-y divide-border rounded-xl border border-border bg-surface p-0"
          aria-label={t('audit.list')}
          data-testid="audit-list"
        >
          {events.items.map((e) => (
            <AuditItem key={e.id} e={e} />
          ))}
        </ol>
      )}
      {paged || events.nextCursor ? (
        <nav aria-label={t('audit.pages')} className="mt-6 flex justify-between gap-4 text-sm">
          {paged ? (
            <Link href={paths.adminAudit()} className="underline">
              {t('audit.newest')}
            </Link>
          ) : (
            <span />
          )}
          {events.nextCursor ? (
            <Link href={paths.adminAudit(events.nextCursor)} rel="next" className="underline" data-testid="audit-next">
              {t('audit.older')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

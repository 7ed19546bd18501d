import { Markdown } from '@/components/ui/Markdown';
import { StatusBadge, TeamBadge } from '@/components/ui/Badges';
import { useTranslations } from 'use-intl';
import { useFormats } from '@/lib/use-formats';
import type { StatusHistoryEntry } from '../schema';
import { isolated } from '@/components/ui/bidi';

/** The post's history: each status change, who made it, and its public note. */
export function StatusHistory({ history }: { history: StatusHistoryEntry[] }) {
  const t = useTranslations('post');
  const formats = useFormats();
  if (history.length === 0) return null;
  return (
    <section aria-labelledby="history-heading" className="mt-8" data-testid="status-history">
      <h2 id="history-heading" className="text-lg font-semibold">
        {t('history.heading')}
      </h2>
      <ol className="mt-3 flex flex-col gap-3">
        {history.map((h) => (
          <li key={h.id} className="rounded-lg border border-border bg-surface px-4 py-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              {h.from ? (
                <>
                  <StatusBadge status={h.from} />
                  <span aria-label={t('history.changedTo')} className="inline-block rtl:-scale-x-100">
                    {'→'}
                  </span>
                </>
              ) : null}
              <StatusBadge status={h.to} />
              {h.by ? (
                <span className="flex items-center gap-1">
                  {isolated((u) => t('history.by', { name: u(h.by!.displayName) }))} {h.by.isTeam ? <TeamBadge /> : null}
                </span>
              ) : null}
              <time dateTime={h.createdAt} className="text-muted">
                {formats.dateTime(h.createdAt)}
              </time>
            </div>
            {h.noteDoc ? <Markdown doc={h.noteDoc} className="mt-2" /> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

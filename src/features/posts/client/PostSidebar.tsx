import Link from 'next/link';
import { Avatar } from '@/components/ui/Avatar';
import { Markdown } from '@/components/ui/Markdown';
import { paths } from '@/config/paths';
import type { Voter } from '@/features/votes/schema';
import { formatDate, formatDateTime } from '@/lib/dates';
import type { StatusHistoryEntry } from '../page/post-page-types';
import { StatusBadge, TeamBadge } from './StatusBadge';

/** The post's history: each status change, who made it, and its public note. */
export function StatusHistory({ history }: { history: StatusHistoryEntry[] }) {
  if (history.length === 0) return null;
  return (
    <section aria-labelledby="history-heading" className="mt-8" data-testid="status-history">
      <h2 id="history-heading" className="text-lg font-semibold">
        Status history
      </h2>
      <ol className="mt-3 flex flex-col gap-3">
        {history.map((h) => (
          <li key={h.id} className="rounded-lg border border-border bg-surface px-4 py-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              {h.from ? (
                <>
                  <StatusBadge status={h.from} />
                  <span aria-label="changed to">→</span>
                </>
              ) : null}
              <StatusBadge status={h.to} />
              {h.by ? (
                <span className="flex items-center gap-1">
                  by {h.by.displayName} {h.by.isTeam ? <TeamBadge /> : null}
                </span>
              ) : null}
              <time dateTime={h.createdAt} className="text-muted">
                {formatDateTime(h.createdAt)}
              </time>
            </div>
            {h.noteDoc ? <Markdown doc={h.noteDoc} className="mt-2" /> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Who voted: avatars of the most recent voters and the total. */
export function VotersList({ voters, total }: { voters: Voter[]; total: number }) {
  return (
    <section aria-labelledby="voters-heading" className="mt-8" data-testid="voters">
      <h2 id="voters-heading" className="text-lg font-semibold">
        Voters <span className="text-base font-normal text-muted">({total})</span>
      </h2>
      {voters.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No votes yet.</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2">
          {voters.map((v, i) => (
            <li key={v.id ?? `gone-${i}`} title={`${v.displayName}, ${formatDate(v.votedAt)}${v.castBy ? ` (vote cast by ${v.castBy})` : ''}`} className="flex items-center gap-1.5 rounded-full border border-border bg-surface py-0.5 pl-0.5 pr-2 text-xs">
              <Avatar name={v.displayName} url={v.avatarUrl} size={20} />
              {v.displayName}
            </li>
          ))}
          {total > voters.length ? <li className="self-center text-xs text-muted">and {total - voters.length} more</li> : null}
        </ul>
      )}
    </section>
  );
}

/** Duplicates merged into this post. */
export function MergedDuplicates({ duplicates }: { duplicates: { number: number; slug: string; title: string }[] }) {
  if (duplicates.length === 0) return null;
  return (
    <section aria-labelledby="duplicates-heading" className="mt-8" data-testid="merged-duplicates">
      <h2 id="duplicates-heading" className="text-lg font-semibold">
        Merged into this post
      </h2>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {duplicates.map((d) => (
          <li key={d.number}>
            <Link href={paths.post(d.number, d.slug)} className="underline">
              #{d.number} {d.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

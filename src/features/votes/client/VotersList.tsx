import { Avatar } from '@/components/ui/Avatar';
import { formatDate } from '@/lib/dates';
import type { Voter } from '../schema';

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
            <li
              key={v.id ?? `gone-${i}`}
              title={`${v.displayName}, ${formatDate(v.votedAt)}${v.castBy ? ` (vote cast by ${v.castBy})` : ''}`}
              className="flex items-center gap-1.5 rounded-full border border-border bg-surface py-0.5 pl-0.5 pr-2 text-xs"
            >
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

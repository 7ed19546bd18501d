import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/Avatar';
import { formatDate } from '@/lib/dates';
import type { Voter } from '../schema';

/**
 * Who voted, in the post page's sidebar: the most recent voters' avatars (names for assistive
 * technology and on hover) and the total. `children` holds the actions beside the heading.
 */
export function VotersList({
  voters,
  total,
  children,
}: {
  postNumber: number;
  voters: Voter[];
  total: number;
  isTeam: boolean;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="voters-heading" data-testid="voters">
      <h3 id="voters-heading" className="m-0 text-sm font-semibold">
        Voters <span className="font-normal text-muted">({total})</span>
      </h3>
      {voters.length === 0 ? (
        <p className="m-0 mt-2 text-sm text-muted">No votes yet.</p>
      ) : (
        <ul className="m-0 mt-2 flex list-none flex-wrap gap-1 p-0" data-testid="voter-avatars">
          {voters.map((v, i) => {
            const label = `${v.displayName}, ${formatDate(v.votedAt)}${v.castBy ? ` (vote cast by ${v.castBy})` : ''}`;
            return (
              <li key={v.id ?? `gone-${i}`} title={label} className="flex">
                <Avatar name={v.displayName} url={v.avatarUrl} size={28} />
                <span className="sr-only">{label}</span>
              </li>
            );
          })}
          {total > voters.length ? (
            <li className="self-center pl-1 text-xs text-muted" data-testid="voters-more">
              and {total - voters.length} more
            </li>
          ) : null}
        </ul>
      )}
      {children ? <div className="mt-3 flex flex-wrap gap-2">{children}</div> : null}
    </section>
  );
}

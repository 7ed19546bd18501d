import dynamic from 'next/dynamic';
import { useState, type ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { Avatar } from '@/components/ui/Avatar';
import { useFormats } from '@/lib/use-formats';
import type { Voter } from '../schema';

// The whole list pages through the API; its code loads with the first opening.
const VotersDialog = dynamic(() => import('./VotersDialog').then((m) => m.VotersDialog), { ssr: false });

/**
 * Who voted, in the post page's sidebar: the most recent voters' avatars (names for assistive
 * technology and on hover) and the total; "See all voters" opens the whole list (for the team with
 * when and by whom each vote was cast, and the CSV download). `children` holds more actions.
 */
export function VotersList({
  postNumber,
  voters,
  total,
  isTeam,
  children,
}: {
  postNumber: number;
  voters: Voter[];
  total: number;
  isTeam: boolean;
  children?: ReactNode;
}) {
  const t = useTranslations('post');
  // Only the team gets a voter's castBy (and the words for it).
  const tTeam = useTranslations('postTeam');
  const formats = useFormats();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that closing it animates nothing away and focus returns.
  const [used, setUsed] = useState(false);
  return (
    <section aria-labelledby="voters-heading" data-testid="voters">
      <h3 id="voters-heading" className="m-0 text-sm font-semibold">
        {t.rich('voters.heading', {
          count: String(total),
          muted: (chunks) => <span className="font-normal text-muted">{chunks}</span>,
        })}
      </h3>
      {voters.length === 0 ? (
        <p className="m-0 mt-2 text-sm text-muted">{t('voters.none')}</p>
      ) : (
        <ul className="m-0 mt-2 flex list-none flex-wrap gap-1 p-0" data-testid="voter-avatars">
          {voters.map((v, i) => {
            const date = formats.date(v.votedAt);
            const label = v.castBy
              ? tTeam('voters.avatarCastBy', { name: v.displayName, date, castBy: v.castBy })
              : t('voters.avatar', { name: v.displayName, date });
            return (
              <li key={v.id ?? `gone-${i}`} title={label} className="flex">
                <Avatar name={v.displayName} url={v.avatarUrl} size={28} />
                <span className="sr-only">{label}</span>
              </li>
            );
          })}
          {total > voters.length ? (
            <li className="self-center ps-1 text-xs text-muted" data-testid="voters-more">
              {t('voters.more', { count: total - voters.length })}
            </li>
          ) : null}
        </ul>
      )}
      {total > 0 || children ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {total > 0 ? (
            <button
              type="button"
              onClick={() => {
                setUsed(true);
                setOpen(true);
              }}
              aria-haspopup="dialog"
              className="rounded-md border border-border bg-surface px-3 py-1.5 text-sm font-medium hover:bg-bg"
              data-testid="voters-open"
            >
              {t('voters.seeAll')}
            </button>
          ) : null}
          {children}
        </div>
      ) : null}
      {used ? <VotersDialog postNumber={postNumber} voteCount={total} isTeam={isTeam} open={open} onOpenChange={setOpen} /> : null}
    </section>
  );
}

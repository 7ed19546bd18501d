import Link from 'next/link';
import { StatusBadge } from '@/components/ui/Badges';
import { paths } from '@/config/paths';
import { useTranslations } from 'use-intl';
import { useFormats } from '@/lib/use-formats';
import type { TriagePost } from '@/features/posts/triage-schema';
import { isolated } from '@/components/ui/bidi';

/**
 * The triage rows: a checkbox for bulk actions, the votes, the title (on wide screens it opens
 * the post in the detail pane; on narrow ones it goes to the post page), and what matters for
 * triage on one line. The active row (j/k) is marked with aria-current.
 */
export function TriageList({
  items,
  active,
  checked,
  onActivate,
  onCheck,
}: {
  items: TriagePost[];
  active: number;
  checked: ReadonlySet<number>;
  onActivate: (index: number) => void;
  onCheck: (number: number, on: boolean) => void;
}) {
  const t = useTranslations('teamWork.triage.list');
  const { date } = useFormats();
  return (
    <ul aria-label={t('label')} className="flex flex-col divide-y divide-border" data-testid="triage-list">
      {items.map((post, i) => (
        <li
          key={post.id}
          aria-current={i === active ? 'true' : undefined}
          className="flex items-start gap-3 px-2 py-2 aria-[current]:bg-accent/10"
          data-testid="triage-row"
          data-number={post.number}
        >
          <input
            type="checkbox"
            className="mt-1.5 h-4 w-4 shrink-0"
            aria-label={t('select', { number: `#${post.number}`, title: post.title })}
            checked={checked.has(post.number)}
            onChange={(e) => onCheck(post.number, e.target.checked)}
            data-testid="triage-check"
          />
          <span className="mt-0.5 flex w-10 shrink-0 flex-col items-center rounded-md border border-border py-0.5 text-sm font-semibold tabular-nums">
            {post.voteCount}
            <span className="sr-only"> {t('votes', { count: post.voteCount })}</span>
          </span>
          <div className="min-w-0 flex-1">
            <Link
              href={paths.post(post.number, post.slug)}
              className="block font-medium break-words hover:underline"
              tabIndex={i === active ? 0 : -1}
              onClick={(e) => {
                // Wide screens open it beside the list; narrow ones (no detail pane) follow the link.
                if (window.matchMedia('(min-width: 1024px)').matches) {
                  e.preventDefault();
                  onActivate(i);
                }
              }}
              onFocus={() => onActivate(i)}
              data-testid="triage-title"
              dir="auto"
            >
              {post.title}
            </Link>
            <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
              <span>{`#${post.number}`}</span>
              <bdi>{post.board.name}</bdi>
              <StatusBadge status={post.status} />
              {post.approval !== 'approved' ? (
                <span className="rounded-full border border-border px-2 py-0.5 font-medium text-fg">
                  {post.approval === 'pending' ? t('awaiting') : t('rejected')}
                </span>
              ) : null}
              {post.tags.map((tag) => (
                <span key={tag.id} className="inline-flex items-center gap-1">
                  <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full" style={{ background: tag.color }} />
                  <bdi>{tag.name}</bdi>
                </span>
              ))}
              {post.owner ? <span>{isolated((u) => t('owner', { name: u(post.owner!.displayName) }))}</span> : null}
              <span>{t('comments', { count: post.commentCount })}</span>
              {!post.teamResponded ? <span>{t('noTeamReply')}</span> : null}
              <time dateTime={post.createdAt}>{date(post.createdAt)}</time>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { paths } from '@/config/paths';
import type { ChangelogLabel, LinkedPost } from '../schema';

/** An entry's label as text in a pill. */
export function LabelPill({ label }: { label: ChangelogLabel }) {
  return (
    <span
      className="inline-flex items-center rounded-full border border-border bg-bg px-2 py-0.5 text-xs font-medium text-fg"
      data-testid="entry-label"
      dir="auto"
    >
      {label.name}
    </span>
  );
}

/** The posts an entry shipped, as links (only those the reader may see reach the page). */
export function LinkedPostChips({ posts }: { posts: LinkedPost[] }) {
  const t = useTranslations('portal');
  if (posts.length === 0) return null;
  return (
    <ul aria-label={t('changelog.postsShipped')} className="mt-3 flex flex-wrap gap-2" data-testid="entry-posts">
      {posts.map((p) => (
        <li key={p.number}>
          <Link
            href={paths.post(p.number, p.slug)}
            className="inline-flex items-center gap-1 rounded-full border border-border bg-surface px-2.5 py-1 text-xs text-fg hover:bg-bg"
            data-testid="entry-post-chip"
          >
            <span className="text-muted">{`#${p.number}`}</span> <bdi>{p.title}</bdi>
          </Link>
        </li>
      ))}
    </ul>
  );
}

import Link from 'next/link';
import { paths } from '@/config/paths';
import { useTranslations } from 'use-intl';
import { useFormats } from '@/lib/use-formats';
import type { TriagePost } from '@/features/posts/triage-schema';
import {
  PostProperties,
  type PropertiesChange,
  type PropertyCatalogs,
  type PropertyKey,
} from '@/features/posts/client/properties/PostProperties';
import { isolated } from '@/components/ui/bidi';

/** The selected post beside the list: what it says, and every property editable in place. */
export function TriageDetail({
  post,
  catalogs,
  open,
  onOpenChange,
  onChanged,
}: {
  post: TriagePost;
  catalogs: PropertyCatalogs;
  open: PropertyKey | null;
  onOpenChange: (key: PropertyKey | null) => void;
  onChanged: (change: PropertiesChange) => void;
}) {
  const t = useTranslations('teamWork.triage.detail');
  const { date } = useFormats();
  return (
    <section aria-labelledby="triage-detail-title" className="rounded-xl border border-border bg-surface p-4" data-testid="triage-detail">
      <h2 id="triage-detail-title" className="text-lg font-semibold break-words" dir="auto">
        {post.title}
      </h2>
      <p className="m-0 mt-1 text-xs text-muted">
        {`#${post.number} · `}
        <bdi>{post.board.name}</bdi>
        {' · '}
        {post.author ? isolated((u) => t('by', { name: u(post.author!.displayName) })) : t('authorUnknown')}
        {' · '}
        <time dateTime={post.createdAt}>{date(post.createdAt)}</time>
      </p>
      {post.excerpt ? (
        <p className="mt-3 text-sm break-words" dir="auto" data-testid="triage-detail-excerpt">
          {post.excerpt}
        </p>
      ) : null}
      <Link href={paths.post(post.number, post.slug)} className="mt-2 inline-block text-sm text-accent underline">
        {t('open')}
      </Link>
      <div className="mt-4 border-t border-border pt-3">
        <PostProperties
          key={post.number}
          post={{
            number: post.number,
            title: post.title,
            voteCount: post.voteCount,
            board: post.board,
            status: post.status,
            tags: post.tags,
            approval: post.approval,
            merged: false,
            team: {
              owner: post.owner ? (catalogs.team.find((m) => m.id === post.owner!.id) ?? { ...post.owner, avatarUrl: null }) : null,
              eta: post.eta,
              impact: post.impact,
              effort: post.effort,
              priority: post.priority,
            },
          }}
          catalogs={catalogs}
          open={open}
          onOpenChange={onOpenChange}
          onChanged={onChanged}
        />
      </div>
    </section>
  );
}

import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { useFormats } from '@/lib/use-formats';
import type { InboxComment } from '../schema';

/** A moderator's choice on content awaiting approval. */
export type ApprovalChoice = 'approved' | 'rejected';

function Decide({ label, busy, onDecide }: { label: string; busy: boolean; onDecide: (d: ApprovalChoice) => void }) {
  const t = useTranslations('teamWork.moderation');
  return (
    <div className="flex gap-2">
      <Button className="px-3 py-1.5" busy={busy} onClick={() => onDecide('approved')} data-testid="inbox-approve">
        {t('approve')}
        <span className="sr-only"> {label}</span>
      </Button>
      <Button variant="secondary" className="px-3 py-1.5" busy={busy} onClick={() => onDecide('rejected')} data-testid="inbox-reject">
        {t('reject')}
        <span className="sr-only"> {label}</span>
      </Button>
    </div>
  );
}

/** A comment awaiting approval, with a link to it on its post. */
export function InboxCommentItem({
  comment,
  onDecide,
  busy,
}: {
  comment: InboxComment;
  onDecide: (d: ApprovalChoice) => void;
  busy: boolean;
}) {
  const t = useTranslations('teamWork.moderation');
  const { date } = useFormats();
  const author = comment.author?.displayName;
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-border bg-surface p-4"
      data-testid="inbox-comment"
      data-comment-id={comment.id}
    >
      <div className="min-w-0 flex-1">
        <p className="m-0 break-words">{comment.excerpt}</p>
        <p className="m-0 mt-1 text-xs text-muted">
          {t.rich('commentMeta', {
            name: author ?? t('deletedPerson'),
            post: `#${comment.post.number} ${comment.post.title}`,
            link: (chunks) => (
              <Link href={paths.post(comment.post.number, comment.post.slug, comment.id)} className="underline">
                {chunks}
              </Link>
            ),
          })}{' '}
          <time dateTime={comment.createdAt}>{date(comment.createdAt)}</time>
        </p>
      </div>
      <Decide label={t('commentBy', { name: author ?? t('deletedUser') })} busy={busy} onDecide={onDecide} />
    </li>
  );
}

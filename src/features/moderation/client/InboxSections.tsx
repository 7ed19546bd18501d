import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { api, ApiError } from '@/lib/api';
import type { Inbox, InboxComment, InboxPost, InboxSection } from '../schema';
import { InboxCommentItem, type ApprovalChoice } from './InboxItems';
import { useApiErrorText } from '@/lib/api-error-text';

type Notice = { tone: 'success' | 'error'; text: string } | null;
const CURSOR_PARAM: Record<InboxSection, string> = {
  pendingPosts: 'pendingCursor',
  pendingComments: 'commentsCursor',
  untriagedPosts: 'untriagedCursor',
};

/**
 * The inbox's sections. Approving or rejecting removes the item at once (optimistic); if the
 * server refuses, it comes back where it was and the reason is shown.
 */
export function InboxSections({ initial }: { initial: Inbox }) {
  const t = useTranslations('teamWork.moderation');
  const errorText = useApiErrorText();
  const [inbox, setInbox] = useState(initial);
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<Notice>(null);
  const [loadingMore, setLoadingMore] = useState<InboxSection | null>(null);

  const decide = async <K extends 'pendingPosts' | 'pendingComments'>(
    section: K,
    item: Inbox[K]['items'][number],
    key: string,
    url: string,
    decision: ApprovalChoice,
    done: { approved: string; rejected: string },
  ) => {
    const index = (inbox[section].items as { id: unknown }[]).findIndex((x) => x.id === item.id);
    setBusy((b) => new Set(b).add(key));
    setInbox((cur) => ({
      ...cur,
      [section]: { ...cur[section], items: (cur[section].items as { id: unknown }[]).filter((x) => x.id !== item.id) },
    }));
    try {
      await api(url, { body: { approval: decision } });
      setNotice({ tone: 'success', text: done[decision] });
      if (decision === 'approved' && section === 'pendingPosts') {
        // An approved post without a status is now new and untriaged.
        const post = item as InboxPost;
        setInbox((cur) => ({
          ...cur,
          untriagedPosts: { ...cur.untriagedPosts, items: [{ ...post, approval: 'approved' }, ...cur.untriagedPosts.items] },
        }));
      }
    } catch (err) {
      setInbox((cur) => {
        const items = [...(cur[section].items as { id: unknown }[])];
        items.splice(Math.min(index, items.length), 0, item);
        return { ...cur, [section]: { ...cur[section], items } };
      });
      setNotice({ tone: 'error', text: err instanceof ApiError ? errorText(err) : t('error') });
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(key);
        return next;
      });
    }
  };

  const loadMore = async (section: InboxSection) => {
    const cursor = inbox[section].nextCursor;
    if (!cursor) return;
    setLoadingMore(section);
    try {
      const next = await api<Inbox>(`/api/v1/inbox?${CURSOR_PARAM[section]}=${encodeURIComponent(cursor)}`);
      setInbox((cur) => {
        const seen = new Set((cur[section].items as { id: unknown }[]).map((x) => x.id));
        const more = (next[section].items as { id: unknown }[]).filter((x) => !seen.has(x.id));
        return { ...cur, [section]: { items: [...cur[section].items, ...more], nextCursor: next[section].nextCursor } };
      });
    } catch (err) {
      setNotice({ tone: 'error', text: err instanceof ApiError ? errorText(err) : t('moreError') });
    } finally {
      setLoadingMore(null);
    }
  };

  const more = (section: InboxSection) =>
    inbox[section].nextCursor ? (
      <Button variant="secondary" className="mt-3" busy={loadingMore === section} onClick={() => void loadMore(section)}>
        {t('showMore')}
      </Button>
    ) : null;

  return (
    <>
      <div aria-live="polite" className="mb-4 empty:hidden">
        {notice ? (
          <Alert tone={notice.tone} testId="inbox-notice">
            {notice.text}
          </Alert>
        ) : null}
      </div>
      <section aria-labelledby="inbox-comments" data-testid="inbox-comments">
        <h2 id="inbox-comments" className="sr-only">
          {t('listLabel')}
        </h2>
        {inbox.pendingComments.items.length === 0 ? (
          <EmptyState title={t('emptyTitle')} testId="inbox-comments-empty">
            {t('emptyBody')}
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={t('listLabel')}>
            {inbox.pendingComments.items.map((c: InboxComment) => (
              <InboxCommentItem
                key={c.id}
                comment={c}
                busy={busy.has(`comment:${c.id}`)}
                onDecide={(d) =>
                  void decide('pendingComments', c, `comment:${c.id}`, `/api/v1/comments/${c.id}/approval`, d, {
                    approved: t('approvedComment'),
                    rejected: t('rejectedComment'),
                  })
                }
              />
            ))}
          </ul>
        )}
        {more('pendingComments')}
      </section>
    </>
  );
}

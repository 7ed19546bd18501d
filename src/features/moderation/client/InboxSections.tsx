import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { api } from '@/lib/api';
import type { Inbox, InboxComment, InboxPost, InboxSection } from '../schema';
import { InboxCommentItem, InboxPostItem, type ApprovalChoice } from './InboxItems';

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
    label: string,
  ) => {
    const index = (inbox[section].items as { id: unknown }[]).findIndex((x) => x.id === item.id);
    setBusy((b) => new Set(b).add(key));
    setInbox((cur) => ({
      ...cur,
      [section]: { ...cur[section], items: (cur[section].items as { id: unknown }[]).filter((x) => x.id !== item.id) },
    }));
    try {
      await api(url, { body: { approval: decision } });
      setNotice({ tone: 'success', text: `${decision === 'approved' ? 'Approved' : 'Rejected'} ${label}.` });
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
      setNotice({ tone: 'error', text: err instanceof Error ? err.message : 'That did not work. Please try again.' });
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
      setNotice({ tone: 'error', text: err instanceof Error ? err.message : 'Could not load more.' });
    } finally {
      setLoadingMore(null);
    }
  };

  const more = (section: InboxSection) =>
    inbox[section].nextCursor ? (
      <Button variant="secondary" className="mt-3" busy={loadingMore === section} onClick={() => void loadMore(section)}>
        Show more
      </Button>
    ) : null;

  const pendingEmpty = inbox.pendingPosts.items.length === 0 && inbox.pendingComments.items.length === 0;
  return (
    <>
      <div aria-live="polite" className="mb-4 empty:hidden">
        {notice ? (
          <Alert tone={notice.tone} testId="inbox-notice">
            {notice.text}
          </Alert>
        ) : null}
      </div>
      <section aria-labelledby="inbox-pending" className="mb-10" data-testid="inbox-pending">
        <h2 id="inbox-pending" className="mb-3 text-lg font-semibold">
          Awaiting approval
        </h2>
        {pendingEmpty ? (
          <EmptyState title="Nothing awaits approval" testId="inbox-pending-empty">
            With moderation on (workspace settings), new posts and comments wait here until the team approves them.
          </EmptyState>
        ) : (
          <>
            {inbox.pendingPosts.items.length > 0 ? (
              <ul className="flex flex-col gap-3" aria-label="Posts awaiting approval">
                {inbox.pendingPosts.items.map((post: InboxPost) => (
                  <InboxPostItem
                    key={post.id}
                    post={post}
                    busy={busy.has(`post:${post.id}`)}
                    onDecide={(d) =>
                      void decide('pendingPosts', post, `post:${post.id}`, `/api/v1/posts/${post.number}/approval`, d, `#${post.number}`)
                    }
                  />
                ))}
              </ul>
            ) : null}
            {more('pendingPosts')}
            {inbox.pendingComments.items.length > 0 ? (
              <>
                <h3 className="mt-6 mb-3 font-semibold">Comments</h3>
                <ul className="flex flex-col gap-3" aria-label="Comments awaiting approval">
                  {inbox.pendingComments.items.map((c: InboxComment) => (
                    <InboxCommentItem
                      key={c.id}
                      comment={c}
                      busy={busy.has(`comment:${c.id}`)}
                      onDecide={(d) =>
                        void decide('pendingComments', c, `comment:${c.id}`, `/api/v1/comments/${c.id}/approval`, d, 'the comment')
                      }
                    />
                  ))}
                </ul>
              </>
            ) : null}
            {more('pendingComments')}
          </>
        )}
      </section>
      <section aria-labelledby="inbox-untriaged" data-testid="inbox-untriaged">
        <h2 id="inbox-untriaged" className="mb-3 text-lg font-semibold">
          New posts without a status
        </h2>
        {inbox.untriagedPosts.items.length === 0 ? (
          <EmptyState title="Every post has a status" testId="inbox-untriaged-empty">
            New posts appear here until someone on the team gives them a status.
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-3">
            {inbox.untriagedPosts.items.map((post) => (
              <InboxPostItem key={post.id} post={post} />
            ))}
          </ul>
        )}
        {more('untriagedPosts')}
      </section>
    </>
  );
}

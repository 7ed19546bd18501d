import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeading } from '@/components/ui/PageHeading';
import { paths } from '@/config/paths';
import { canAdminister, type PolicyActor } from '@/core/identity/policy';
import { PostCard, POST_LIST_CLASS } from '@/composition/post-card/PostCard';
import type { ClosedMode, PostSummary } from '@/features/posts/schema';
import type { ShellProps } from '@/core/shell';
import type { Board } from '@/features/boards/schema';

export type HomePageProps = {
  boards: Board[];
  /** The top trending posts across the boards the viewer may see. */
  trending: PostSummary[];
  /** Whether done and closed posts are among them (`?closed=show`). */
  closed: ClosedMode;
  now: string;
};

function BoardList({ boards }: { boards: Board[] }) {
  const t = useTranslations('portal');
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid="board-list">
      {boards.map((b) => (
        <li key={b.id}>
          <Link
            href={paths.board(b.slug)}
            className="block h-full min-w-0 rounded-xl border border-border bg-surface p-4 [overflow-wrap:anywhere] hover:border-accent"
            data-testid="board-link"
          >
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-semibold" dir="auto">
                {b.name}
              </span>
              {b.archived ? (
                <span className="rounded border border-border px-1.5 py-0.5 text-xs text-muted">{t('home.archived')}</span>
              ) : null}
              {b.visibility === 'private' ? (
                <span className="rounded border border-border px-1.5 py-0.5 text-xs text-muted">{t('home.private')}</span>
              ) : null}
            </span>
            {b.description ? (
              <span className="mt-1 line-clamp-2 block text-sm text-muted" dir="auto">
                {b.description}
              </span>
            ) : null}
            <span className="mt-2 block text-xs text-muted">{t('home.postCount', { count: b.postCount })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** `/`: the boards and the trending posts across them. */
export default function HomePage({ shell, boards, trending, closed, now }: ShellProps & HomePageProps) {
  const viewer = shell.viewer;
  const actor: PolicyActor = viewer ? { kind: 'user', id: viewer.id, role: viewer.role } : { kind: 'visitor' };
  const t = useTranslations('portal');
  const boardArchived = new Map(boards.map((b) => [b.slug, b.archived]));
  return (
    <>
      <PageHeading title={t('home.title')} siteName={shell.workspace.name}>
        {t('home.intro')}
      </PageHeading>
      {boards.length === 0 ? (
        <EmptyState title={t('home.noBoards.title')} testId="boards-empty">
          {canAdminister(actor) === 'allow'
            ? t.rich('home.noBoards.admin', {
                link: (chunks) => (
                  <Link href={paths.adminBoards()} className="underline">
                    {chunks}
                  </Link>
                ),
              })
            : t('home.noBoards.other')}
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="boards-heading">
            <h2 id="boards-heading" className="sr-only">
              {t('home.title')}
            </h2>
            <BoardList boards={boards} />
          </section>
          <section aria-labelledby="trending-heading" className="mt-10">
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h2 id="trending-heading" className="text-xl font-semibold">
                {t('home.trending')}
              </h2>
              {closed === 'hide' ? (
                <Link href={paths.home({ closed: 'show' })} className="text-sm text-muted underline" data-testid="closed-toggle">
                  {t('closed.show')}
                </Link>
              ) : (
                <Link href={paths.home()} className="text-sm text-muted underline" data-testid="closed-toggle">
                  {t('closed.hide')}
                </Link>
              )}
            </div>
            {trending.length === 0 ? (
              <EmptyState title={closed === 'hide' ? t('home.noOpen.title') : t('home.noPosts.title')} testId="trending-empty">
                {closed === 'hide' ? t('home.noOpen.body') : t('home.noPosts.body')}
              </EmptyState>
            ) : (
              <>
                <ol className={POST_LIST_CLASS} aria-label={t('home.trendingPosts')}>
                  {trending.map((post) => (
                    <li key={post.id}>
                      <PostCard
                        post={post}
                        signedIn={Boolean(viewer)}
                        now={now}
                        showBoard
                        boardArchived={boardArchived.get(post.board.slug) ?? false}
                      />
                    </li>
                  ))}
                </ol>
                <p className="mt-4 text-sm text-muted">
                  {t.rich('home.seeMore', {
                    boards: () =>
                      boards.map((b, i) => (
                        <span key={b.id}>
                          {i > 0 ? t('home.listSeparator') : null}
                          <Link href={paths.board(b.slug)} className="underline" dir="auto">
                            {b.name}
                          </Link>
                        </span>
                      )),
                  })}
                </p>
              </>
            )}
          </section>
        </>
      )}
    </>
  );
}

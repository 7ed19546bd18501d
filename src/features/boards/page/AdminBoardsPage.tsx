import { useRouter } from 'next/router';
import { refreshPage } from '@/lib/refresh';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { AdminBoardList } from '../client/AdminBoardList';
import { BoardForm } from '../client/BoardForm';
import type { AdminBoard } from '../schema';
import { isolated } from '@/components/ui/bidi';

export type AdminBoardsPageProps = { boards: AdminBoard[] };

/** `/admin/boards`: admins create, edit, reorder, archive and grant boards. */
export default function AdminBoardsPage({ shell, boards }: ShellProps & AdminBoardsPageProps) {
  const t = useTranslations('teamSetup.boards');
  const router = useRouter();
  const [created, setCreated] = useState<string | null>(null);
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title={t('title')} siteName={shell.workspace.name}>
        {t('intro')}
      </PageHeading>
      <section aria-labelledby="new-board-heading" className="mb-8 rounded-xl border border-border bg-surface p-4 sm:p-6">
        <h2 id="new-board-heading" className="mb-4 text-lg font-semibold">
          {t('newHeading')}
        </h2>
        <BoardForm
          onSaved={(board) => {
            setCreated(board.name);
            void refreshPage(router);
          }}
        />
        <div aria-live="polite" className="mt-4 empty:hidden">
          {created ? (
            <Alert tone="success" testId="board-created">
              {isolated((u) => t('created', { name: u(created) }))}
            </Alert>
          ) : null}
        </div>
      </section>
      {boards.length === 0 ? (
        <EmptyState title={t('emptyTitle')} testId="admin-boards-empty">
          {t('emptyBody')}
        </EmptyState>
      ) : (
        <AdminBoardList boards={boards} />
      )}
    </>
  );
}

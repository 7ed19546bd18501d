import { useRouter } from 'next/router';
import { refreshPage } from '@/lib/refresh';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { api, ApiError } from '@/lib/api';
import type { AdminBoard } from '../schema';
import { BoardForm } from './BoardForm';
import { useApiErrorText } from '@/lib/api-error-text';

/**
 * The boards in their order, each with move up/down, edit (inline) and archive. After a change
 * the page's data is loaded again; focus stays on the control that was used.
 */
export function AdminBoardList({ boards }: { boards: AdminBoard[] }) {
  const t = useTranslations('teamSetup.boards');
  const tf = useTranslations('teamSetup.boardForm');
  const errorText = useApiErrorText();
  const router = useRouter();
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A reload is a page navigation, after which the shell focuses the page heading; the control
  // that was used gets focus back once it is done.
  const focusNext = useRef<string[] | null>(null);
  useEffect(() => {
    const ids = focusNext.current;
    if (busy || !ids) return;
    focusNext.current = null;
    for (const id of ids) {
      const el = document.getElementById(id) as HTMLButtonElement | null;
      if (el && !el.disabled) return el.focus();
    }
  }, [busy, boards]);

  const reload = () => refreshPage(router);

  async function run(work: () => Promise<unknown>, done: string, focusIds: string[]) {
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      await work();
      await reload();
      setNotice(done);
      // Focused once the busy state is lifted (disabled buttons cannot take focus).
      focusNext.current = focusIds;
    } catch (err) {
      setProblem(err instanceof ApiError ? errorText(err) : t('failed'));
    } finally {
      setBusy(false);
    }
  }

  function move(index: number, dir: 'up' | 'down') {
    // Only the two boards that swap: a board created meanwhile elsewhere keeps its place.
    const other = dir === 'up' ? index - 1 : index + 1;
    const ids = [boards[Math.max(index, other)]!.id, boards[Math.min(index, other)]!.id];
    const id = boards[index]!.id;
    const otherDir = dir === 'up' ? 'down' : 'up';
    void run(
      () => api('/api/v1/boards/reorder', { body: { ids } }),
      t(dir === 'up' ? 'movedUp' : 'movedDown', { name: boards[index]!.name }),
      [`move-${dir}-${id}`, `move-${otherDir}-${id}`],
    );
  }

  return (
    <section aria-labelledby="board-list-heading">
      <h2 id="board-list-heading" className="mb-3 text-lg font-semibold">
        {t('listHeading')}
      </h2>
      <div aria-live="polite" className="mb-3 empty:hidden">
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
      </div>
      <ol className="flex flex-col gap-3" data-testid="admin-board-list">
        {boards.map((b, i) => (
          <li key={b.id} className="rounded-xl border border-border bg-surface p-4" data-testid="admin-board-row">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <Link href={paths.board(b.slug)} className="font-semibold underline" dir="auto">
                    {b.name}
                  </Link>
                  <span className="text-sm text-muted">{paths.board(b.slug)}</span>
                </p>
                <p className="mt-1 flex flex-wrap gap-2 text-xs">
                  <span className="rounded border border-border px-1.5 py-0.5">
                    {b.visibility === 'private' ? t('privateGranted', { count: b.grantedMembers.length }) : t('public')}
                  </span>
                  <span className="rounded border border-border px-1.5 py-0.5">
                    {t('posting', { who: tf(b.posting === 'team' ? 'postingTeam' : 'postingMembers') })}
                  </span>
                  {b.archived ? <span className="rounded border border-border px-1.5 py-0.5 font-medium">{t('archived')}</span> : null}
                  <span className="px-1.5 py-0.5 text-muted">{t('postCount', { count: b.postCount })}</span>
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  id={`move-up-${b.id}`}
                  variant="secondary"
                  className="px-2 py-1"
                  disabled={busy || i === 0}
                  onClick={() => move(i, 'up')}
                  aria-label={t('moveUp', { name: b.name })}
                >
                  {'↑'}
                  <span className="sr-only"> {t('up')}</span>
                </Button>
                <Button
                  id={`move-down-${b.id}`}
                  variant="secondary"
                  className="px-2 py-1"
                  disabled={busy || i === boards.length - 1}
                  onClick={() => move(i, 'down')}
                  aria-label={t('moveDown', { name: b.name })}
                >
                  {'↓'}
                  <span className="sr-only"> {t('down')}</span>
                </Button>
                <Button
                  id={`edit-button-${b.id}`}
                  variant="secondary"
                  className="px-2 py-1"
                  aria-expanded={editing === b.id}
                  aria-controls={`edit-${b.id}`}
                  onClick={() => setEditing(editing === b.id ? null : b.id)}
                >
                  {editing === b.id ? t('close') : t('edit')}
                  <span className="sr-only"> {b.name}</span>
                </Button>
                <Button
                  id={`archive-${b.id}`}
                  variant="secondary"
                  className="px-2 py-1"
                  disabled={busy}
                  onClick={() =>
                    void run(
                      () => api(`/api/v1/boards/${encodeURIComponent(b.slug)}`, { method: 'PATCH', body: { archived: !b.archived } }),
                      t(b.archived ? 'reopenedNotice' : 'archivedNotice', { name: b.name }),
                      [`archive-${b.id}`],
                    )
                  }
                  data-testid="board-archive-toggle"
                >
                  {b.archived ? t('unarchive') : t('archive')}
                  <span className="sr-only"> {b.name}</span>
                </Button>
              </div>
            </div>
            {editing === b.id ? (
              <div id={`edit-${b.id}`} className="mt-4 border-t border-border pt-4">
                <BoardForm
                  board={b}
                  onCancel={() => setEditing(null)}
                  onSaved={(saved) => {
                    setEditing(null);
                    void run(async () => undefined, t('saved', { name: saved.name }), [`edit-button-${b.id}`]);
                  }}
                />
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

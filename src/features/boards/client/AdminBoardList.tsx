import { useRouter } from 'next/router';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { api, ApiError } from '@/lib/api';
import { BOARD_POSTING_LABELS, type AdminBoard } from '../schema';
import { BoardForm } from './BoardForm';

/**
 * The boards in their order, each with move up/down, edit (inline) and archive. After a change
 * the page's data is loaded again; focus stays on the control that was used.
 */
export function AdminBoardList({ boards }: { boards: AdminBoard[] }) {
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

  const reload = () => router.replace(router.asPath, undefined, { scroll: false });

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
      setProblem(err instanceof ApiError ? err.message : 'That did not work. Try again.');
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
    void run(() => api('/api/v1/boards/reorder', { body: { ids } }), `Moved “${boards[index]!.name}” ${dir}.`, [
      `move-${dir}-${id}`,
      `move-${otherDir}-${id}`,
    ]);
  }

  return (
    <section aria-labelledby="board-list-heading">
      <h2 id="board-list-heading" className="mb-3 text-lg font-semibold">
        Boards, in the order people see them
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
                  <Link href={paths.board(b.slug)} className="font-semibold underline">
                    {b.name}
                  </Link>
                  <span className="text-sm text-muted">/b/{b.slug}</span>
                </p>
                <p className="mt-1 flex flex-wrap gap-2 text-xs">
                  <span className="rounded border border-border px-1.5 py-0.5">
                    {b.visibility === 'private' ? `Private · ${b.grantedMembers.length} granted` : 'Public'}
                  </span>
                  <span className="rounded border border-border px-1.5 py-0.5">Posting: {BOARD_POSTING_LABELS[b.posting]}</span>
                  {b.archived ? <span className="rounded border border-border px-1.5 py-0.5 font-medium">Archived</span> : null}
                  <span className="px-1.5 py-0.5 text-muted">
                    {b.postCount} {b.postCount === 1 ? 'post' : 'posts'}
                  </span>
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  id={`move-up-${b.id}`}
                  variant="secondary"
                  className="px-2 py-1"
                  disabled={busy || i === 0}
                  onClick={() => move(i, 'up')}
                  aria-label={`Move ${b.name} up`}
                >
                  ↑<span className="sr-only"> up</span>
                </Button>
                <Button
                  id={`move-down-${b.id}`}
                  variant="secondary"
                  className="px-2 py-1"
                  disabled={busy || i === boards.length - 1}
                  onClick={() => move(i, 'down')}
                  aria-label={`Move ${b.name} down`}
                >
                  ↓<span className="sr-only"> down</span>
                </Button>
                <Button
                  id={`edit-button-${b.id}`}
                  variant="secondary"
                  className="px-2 py-1"
                  aria-expanded={editing === b.id}
                  aria-controls={`edit-${b.id}`}
                  onClick={() => setEditing(editing === b.id ? null : b.id)}
                >
                  {editing === b.id ? 'Close' : 'Edit'}
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
                      b.archived ? `“${b.name}” is open again.` : `“${b.name}” is archived.`,
                      [`archive-${b.id}`],
                    )
                  }
                  data-testid="board-archive-toggle"
                >
                  {b.archived ? 'Unarchive' : 'Archive'}
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
                    void run(async () => undefined, `Saved “${saved.name}”.`, [`edit-button-${b.id}`]);
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

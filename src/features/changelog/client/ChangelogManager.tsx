import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Field } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import { api, ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { focusWhenSettled } from '@/lib/focus';
import type { ChangelogLabel, TeamEntry } from '../schema';
import { EntryEditor } from './EntryEditor';

type Notice = { tone: 'success' | 'error'; text: string } | null;

function stateText(e: TeamEntry): string {
  if (e.state === 'published') return `Published ${formatDateTime(e.publishedAt!)}`;
  if (e.scheduledFor) return `Scheduled for ${formatDateTime(e.scheduledFor)}`;
  return 'Draft';
}

/** `/admin/changelog`: drafts, scheduled and published entries; the editor; publish now, schedule, unpublish. */
export function ChangelogManager({
  initial,
  labels: initialLabels,
  doneStatuses,
  canAddLabels,
}: {
  initial: TeamEntry[];
  labels: ChangelogLabel[];
  doneStatuses: { id: string; name: string }[];
  canAddLabels: boolean;
}) {
  const [entries, setEntries] = useState(initial);
  const [labels, setLabels] = useState(initialLabels);
  const [editing, setEditing] = useState<TeamEntry | 'new' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const opened = useRef(false);

  // Focus follows the screen: to the editor's heading when it opens, back to "New entry" when it closes.
  useEffect(() => {
    if (editing) headingRef.current?.focus();
    else if (opened.current) toolbarRef.current?.querySelector('button')?.focus();
    opened.current = editing !== null;
  }, [editing]);

  const remove = async (entry: TeamEntry) => {
    setNotice(null);
    // Errors stay in the dialog (ConfirmDialog shows them).
    await api(`/api/v1/admin/changelog/${entry.id}`, { method: 'DELETE' });
    setEntries((all) => all.filter((x) => x.id !== entry.id));
    setNotice({ tone: 'success', text: `Deleted “${entry.title}”.` });
    // Its row and Delete button are gone: focus goes to "New entry".
    focusWhenSettled(() => toolbarRef.current?.querySelector('button'));
  };

  const replace = (e: TeamEntry) =>
    setEntries((all) => (all.some((x) => x.id === e.id) ? all.map((x) => (x.id === e.id ? e : x)) : [e, ...all]));

  async function act(entry: TeamEntry, path: string, method: string, done: string, body?: unknown) {
    setNotice(null);
    try {
      const res = await api<TeamEntry & { postsMoved?: number }>(`/api/v1/admin/changelog/${entry.id}${path}`, { method, body });
      replace(res);
      const moved = res.postsMoved ? ` ${res.postsMoved} ${res.postsMoved === 1 ? 'post' : 'posts'} moved.` : '';
      setNotice({ tone: 'success', text: `${done}${moved}` });
    } catch (err) {
      setNotice({ tone: 'error', text: err instanceof ApiError ? err.message : 'That did not work. Try again.' });
    }
  }

  if (editing) {
    return (
      <section aria-labelledby="editor-heading">
        <h2 id="editor-heading" className="mb-4 text-lg font-semibold" tabIndex={-1} ref={headingRef}>
          {editing === 'new' ? 'New entry' : `Edit “${editing.title}”`}
        </h2>
        <EntryEditor
          entry={editing === 'new' ? null : editing}
          labels={labels}
          doneStatuses={doneStatuses}
          onSaved={(e) => {
            replace(e);
            setEditing(null);
            setNotice({ tone: 'success', text: `Saved “${e.title}”.` });
          }}
          onCancel={() => setEditing(null)}
        />
      </section>
    );
  }

  const drafts = entries.filter((e) => e.state === 'draft');
  const published = entries.filter((e) => e.state === 'published');
  return (
    <>
      <div ref={toolbarRef} className="mb-4 flex flex-wrap items-center gap-3">
        <Button onClick={() => setEditing('new')} data-testid="entry-new">
          New entry
        </Button>
        <Link href={paths.changelog()} className="text-sm underline">
          See the public changelog
        </Link>
      </div>
      <div aria-live="polite">{notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}</div>
      {entries.length === 0 ? (
        <div className="mt-4">
          <EmptyState title="No entries yet" testId="admin-changelog-empty">
            Write an entry when something ships, link the posts it answers, and publish it.
          </EmptyState>
        </div>
      ) : (
        <>
          <EntryList title="Drafts and scheduled" entries={drafts} empty="No drafts." onEdit={setEditing} act={act} remove={remove} />
          <EntryList title="Published" entries={published} empty="Nothing published yet." onEdit={setEditing} act={act} remove={remove} />
        </>
      )}
      {canAddLabels ? <LabelAdder labels={labels} onAdded={(l) => setLabels((all) => [...all, l])} /> : null}
    </>
  );
}

type Act = (entry: TeamEntry, path: string, method: string, done: string, body?: unknown) => Promise<void>;

function EntryList({
  title,
  entries,
  empty,
  onEdit,
  act,
  remove,
}: {
  title: string;
  entries: TeamEntry[];
  empty: string;
  onEdit: (e: TeamEntry) => void;
  act: Act;
  remove: (e: TeamEntry) => Promise<void>;
}) {
  return (
    <section aria-label={title} className="mt-6">
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      {entries.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {entries.map((e) => (
            <EntryRow key={e.id} entry={e} onEdit={() => onEdit(e)} act={act} remove={() => remove(e)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function EntryRow({ entry, onEdit, act, remove }: { entry: TeamEntry; onEdit: () => void; act: Act; remove: () => Promise<void> }) {
  const [when, setWhen] = useState('');
  const [whenError, setWhenError] = useState<string | null>(null);
  const schedule = () => {
    const at = when ? new Date(when) : null;
    if (!at || Number.isNaN(at.getTime())) return setWhenError('Choose a date and time.');
    if (at.getTime() <= Date.now()) return setWhenError('Choose a time in the future.');
    setWhenError(null);
    void act(entry, '/schedule', 'PUT', `“${entry.title}” is scheduled.`, { at: at.toISOString() });
  };
  return (
    <li className="rounded-xl border border-border bg-surface p-4" data-testid="admin-entry" data-entry-slug={entry.slug}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="m-0 font-medium break-words">{entry.title}</p>
          <p className="m-0 text-xs text-muted">
            {entry.label.name} · <span data-testid="admin-entry-state">{stateText(entry)}</span> · {entry.posts.length}{' '}
            {entry.posts.length === 1 ? 'linked post' : 'linked posts'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" className="px-3 py-1.5" onClick={onEdit} data-testid="admin-entry-edit">
            Edit<span className="sr-only"> {entry.title}</span>
          </Button>
          {entry.state === 'draft' ? (
            <Button
              className="px-3 py-1.5"
              onClick={() => void act(entry, '/publish', 'POST', `“${entry.title}” is published.`)}
              data-testid="admin-entry-publish"
            >
              Publish now<span className="sr-only"> {entry.title}</span>
            </Button>
          ) : (
            <>
              <Link href={paths.changelogEntry(entry.slug)} className="self-center text-sm underline">
                View<span className="sr-only"> {entry.title}</span>
              </Link>
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                onClick={() => void act(entry, '/unpublish', 'POST', `“${entry.title}” is a draft again.`)}
                data-testid="admin-entry-unpublish"
              >
                Unpublish<span className="sr-only"> {entry.title}</span>
              </Button>
            </>
          )}
          <ConfirmDialog
            trigger={
              <Button variant="secondary" className="px-3 py-1.5" data-testid="admin-entry-delete">
                Delete<span className="sr-only"> {entry.title}</span>
              </Button>
            }
            title={`Delete “${entry.title}”?`}
            description="The entry is removed for good. Posts it moved keep their status and history."
            confirmLabel="Delete entry"
            onConfirm={remove}
            testId="admin-entry-delete-dialog"
          />
        </div>
      </div>
      {entry.state === 'draft' ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <Field
            label="Publish at"
            type="datetime-local"
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            error={whenError ?? undefined}
            data-testid="admin-entry-when"
          />
          <Button variant="secondary" className="px-3 py-2" onClick={schedule} data-testid="admin-entry-schedule">
            {entry.scheduledFor ? 'Reschedule' : 'Schedule'}
            <span className="sr-only"> {entry.title}</span>
          </Button>
          {entry.scheduledFor ? (
            <Button
              variant="secondary"
              className="px-3 py-2"
              onClick={() => void act(entry, '/schedule', 'DELETE', `“${entry.title}” is no longer scheduled.`)}
            >
              Unschedule<span className="sr-only"> {entry.title}</span>
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function LabelAdder({ labels, onAdded }: { labels: ChangelogLabel[]; onAdded: (l: ChangelogLabel) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function add(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onAdded(await api<ChangelogLabel>('/api/v1/admin/changelog/labels', { body: { name } }));
      setName('');
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields.name ?? err.message) : 'The label could not be added.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="labels-heading" className="mt-8 border-t border-border pt-4">
      <h2 id="labels-heading" className="mb-2 text-lg font-semibold">
        Labels
      </h2>
      <p className="mb-3 text-sm text-muted">{labels.map((l) => l.name).join(', ')}</p>
      <form onSubmit={(e) => void add(e)} noValidate className="flex flex-wrap items-end gap-2">
        <Field label="New label" value={name} onChange={(e) => setName(e.target.value)} error={error ?? undefined} autoComplete="off" />
        <Button type="submit" variant="secondary" busy={busy}>
          Add label
        </Button>
      </form>
    </section>
  );
}

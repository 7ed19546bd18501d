import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Field } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import { api, ApiError } from '@/lib/api';
import { useFormats } from '@/lib/use-formats';
import { focusWhenSettled } from '@/lib/focus';
import type { ChangelogLabel, TeamEntry } from '../schema';
import { EntryEditor } from './EntryEditor';
import { useApiErrorText } from '@/lib/api-error-text';
import { isolated } from '@/components/ui/bidi';

type Notice = { tone: 'success' | 'error'; text: string } | null;

function StateText({ entry: e }: { entry: TeamEntry }) {
  const t = useTranslations('portalTeam');
  const formats = useFormats();
  if (e.state === 'published') return <>{t('changelog.state.published', { when: formats.dateTime(e.publishedAt!) })}</>;
  if (e.scheduledFor) return <>{t('changelog.state.scheduled', { when: formats.dateTime(e.scheduledFor) })}</>;
  return <>{t('changelog.state.draft')}</>;
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
  const t = useTranslations('portalTeam');
  const errorText = useApiErrorText();
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
    setNotice({ tone: 'success', text: t('changelog.notice.deleted', { title: entry.title }) });
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
      const text = res.postsMoved ? t('changelog.notice.withMoved', { done, count: res.postsMoved }) : done;
      setNotice({ tone: 'success', text });
    } catch (err) {
      setNotice({ tone: 'error', text: err instanceof ApiError ? errorText(err) : t('changelog.failed') });
    }
  }

  if (editing) {
    return (
      <section aria-labelledby="editor-heading">
        <h2 id="editor-heading" className="mb-4 text-lg font-semibold" tabIndex={-1} ref={headingRef}>
          {editing === 'new' ? t('changelog.newEntry') : isolated((u) => t('changelog.editTitle', { title: u(editing.title) }))}
        </h2>
        <EntryEditor
          entry={editing === 'new' ? null : editing}
          labels={labels}
          doneStatuses={doneStatuses}
          onSaved={(e) => {
            replace(e);
            setEditing(null);
            setNotice({ tone: 'success', text: t('changelog.notice.saved', { title: e.title }) });
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
          {t('changelog.newEntry')}
        </Button>
        <Link href={paths.changelog()} className="text-sm underline">
          {t('changelog.seePublic')}
        </Link>
      </div>
      <div aria-live="polite">{notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}</div>
      {entries.length === 0 ? (
        <div className="mt-4">
          <EmptyState title={t('changelog.empty.title')} testId="admin-changelog-empty">
            {t('changelog.empty.body')}
          </EmptyState>
        </div>
      ) : (
        <>
          <EntryList
            title={t('changelog.drafts.title')}
            entries={drafts}
            empty={t('changelog.drafts.empty')}
            onEdit={setEditing}
            act={act}
            remove={remove}
          />
          <EntryList
            title={t('changelog.published.title')}
            entries={published}
            empty={t('changelog.published.empty')}
            onEdit={setEditing}
            act={act}
            remove={remove}
          />
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
  const t = useTranslations('portalTeam');
  const [when, setWhen] = useState('');
  const [whenError, setWhenError] = useState<string | null>(null);
  const schedule = () => {
    const at = when ? new Date(when) : null;
    if (!at || Number.isNaN(at.getTime())) return setWhenError(t('changelog.schedule.chooseTime'));
    if (at.getTime() <= Date.now()) return setWhenError(t('changelog.schedule.future'));
    setWhenError(null);
    void act(entry, '/schedule', 'PUT', t('changelog.notice.scheduled', { title: entry.title }), { at: at.toISOString() });
  };
  return (
    <li className="rounded-xl border border-border bg-surface p-4" data-testid="admin-entry" data-entry-slug={entry.slug}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="m-0 font-medium break-words" dir="auto">
            {entry.title}
          </p>
          <p className="m-0 text-xs text-muted">
            <bdi>{entry.label.name}</bdi>
            {' · '}
            <span data-testid="admin-entry-state">
              <StateText entry={entry} />
            </span>
            {' · '}
            {t('changelog.linkedPosts', { count: entry.posts.length })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" className="px-3 py-1.5" onClick={onEdit} data-testid="admin-entry-edit">
            {t('changelog.actions.edit')}
            <span className="sr-only"> {entry.title}</span>
          </Button>
          {entry.state === 'draft' ? (
            <Button
              className="px-3 py-1.5"
              onClick={() => void act(entry, '/publish', 'POST', t('changelog.notice.published', { title: entry.title }))}
              data-testid="admin-entry-publish"
            >
              {t('changelog.actions.publish')}
              <span className="sr-only"> {entry.title}</span>
            </Button>
          ) : (
            <>
              <Link href={paths.changelogEntry(entry.slug)} className="self-center text-sm underline">
                {t('changelog.actions.view')}
                <span className="sr-only"> {entry.title}</span>
              </Link>
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                onClick={() => void act(entry, '/unpublish', 'POST', t('changelog.notice.unpublished', { title: entry.title }))}
                data-testid="admin-entry-unpublish"
              >
                {t('changelog.actions.unpublish')}
                <span className="sr-only"> {entry.title}</span>
              </Button>
            </>
          )}
          <ConfirmDialog
            trigger={
              <Button variant="secondary" className="px-3 py-1.5" data-testid="admin-entry-delete">
                {t('changelog.actions.delete')}
                <span className="sr-only"> {entry.title}</span>
              </Button>
            }
            title={t('changelog.delete.title', { title: entry.title })}
            description={t('changelog.delete.description')}
            confirmLabel={t('changelog.delete.confirm')}
            onConfirm={remove}
            testId="admin-entry-delete-dialog"
          />
        </div>
      </div>
      {entry.state === 'draft' ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <Field
            label={t('changelog.schedule.at')}
            type="datetime-local"
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            error={whenError ?? undefined}
            data-testid="admin-entry-when"
          />
          <Button variant="secondary" className="px-3 py-2" onClick={schedule} data-testid="admin-entry-schedule">
            {entry.scheduledFor ? t('changelog.schedule.reschedule') : t('changelog.schedule.schedule')}
            <span className="sr-only"> {entry.title}</span>
          </Button>
          {entry.scheduledFor ? (
            <Button
              variant="secondary"
              className="px-3 py-2"
              onClick={() => void act(entry, '/schedule', 'DELETE', t('changelog.notice.unscheduled', { title: entry.title }))}
            >
              {t('changelog.schedule.unschedule')}
              <span className="sr-only"> {entry.title}</span>
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function LabelAdder({ labels, onAdded }: { labels: ChangelogLabel[]; onAdded: (l: ChangelogLabel) => void }) {
  const t = useTranslations('portalTeam');
  const errorText = useApiErrorText();
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
      setError(err instanceof ApiError ? errorText(err) : t('changelog.labels.failed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="labels-heading" className="mt-8 border-t border-border pt-4">
      <h2 id="labels-heading" className="mb-2 text-lg font-semibold">
        {t('changelog.labels.title')}
      </h2>
      <p className="mb-3 text-sm text-muted">{labels.map((l) => l.name).join(t('changelog.labels.separator'))}</p>
      <form onSubmit={(e) => void add(e)} noValidate className="flex flex-wrap items-end gap-2">
        <Field
          label={t('changelog.labels.new')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error ?? undefined}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" busy={busy}>
          {t('changelog.labels.add')}
        </Button>
      </form>
    </section>
  );
}

import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { MarkdownEditor } from '@/components/MarkdownEditor';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { SelectField } from '@/components/ui/SelectField';
import { api, ApiError } from '@/lib/api';
import { entryInput, type ChangelogLabel, type LinkedPost, type TeamEntry } from '../schema';
import { PostPicker } from './PostPicker';
import { useApiErrorText } from '@/lib/api-error-text';

type Fields = 'title' | 'body' | 'label' | 'postNumbers' | 'publishStatusId';

/**
 * An entry's title, label, Markdown text, linked posts and the done status its posts move to on
 * publication. The browser checks with the server's schema first; the server's field errors show
 * inline too. Nothing typed is lost on a refusal.
 */
export function EntryEditor({
  entry,
  labels,
  doneStatuses,
  onSaved,
  onCancel,
}: {
  entry: TeamEntry | null;
  labels: ChangelogLabel[];
  doneStatuses: { id: string; name: string }[];
  onSaved: (entry: TeamEntry) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('portalTeam');
  const errorText = useApiErrorText();
  const [title, setTitle] = useState(entry?.title ?? '');
  const [body, setBody] = useState(entry?.body ?? '');
  const [label, setLabel] = useState(entry?.label.slug ?? labels[0]?.slug ?? '');
  const [linked, setLinked] = useState<LinkedPost[]>(entry?.posts ?? []);
  const [statusId, setStatusId] = useState(entry?.publishStatusId ?? '');
  const [errors, setErrors] = useState<Partial<Record<Fields | 'root', string>>>({});
  const [busy, setBusy] = useState(false);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const values = { title, body, label, postNumbers: linked.map((p) => p.number), publishStatusId: statusId || null };
    const parsed = entryInput.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Fields, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Fields] ??= issue.message;
      setErrors(next);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const saved = entry
        ? await api<TeamEntry>(`/api/v1/admin/changelog/${entry.id}`, { method: 'PATCH', body: parsed.data })
        : await api<TeamEntry>('/api/v1/admin/changelog', { body: parsed.data });
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors({ ...(errorText.fields(err) as Partial<Record<Fields, string>>), root: errorText(err) });
      } else setErrors({ root: t('changelog.editor.failed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void save(e)}
      noValidate
      className="flex flex-col gap-4"
      aria-label={entry ? t('changelog.editor.edit') : t('changelog.newEntry')}
      data-testid="entry-editor"
    >
      <Field
        label={t('changelog.editor.title')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
        autoComplete="off"
        data-testid="entry-title"
      />
      <SelectField
        label={t('changelog.editor.label')}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        options={labels.map((l) => ({ value: l.slug, label: l.name }))}
        error={errors.label}
        data-testid="entry-label-select"
      />
      <MarkdownEditor
        label={t('changelog.editor.text')}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        error={errors.body}
        rows={10}
        testId="entry-body"
      />
      <PostPicker value={linked} onChange={setLinked} error={errors.postNumbers} />
      <SelectField
        label={t('changelog.editor.moveTo')}
        value={statusId}
        onChange={(e) => setStatusId(e.target.value)}
        options={[{ value: '', label: t('changelog.editor.leaveStatus') }, ...doneStatuses.map((s) => ({ value: s.id, label: s.name }))]}
        hint={t('changelog.editor.moveHint')}
        error={errors.publishStatusId}
        data-testid="entry-status-select"
      />
      {errors.root ? <Alert tone="error">{errors.root}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy} data-testid="entry-save">
          {busy ? t('changelog.editor.saving') : entry ? t('changelog.editor.saveChanges') : t('changelog.editor.saveDraft')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('changelog.editor.cancel')}
        </Button>
      </div>
    </form>
  );
}

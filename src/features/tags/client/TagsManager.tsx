import { useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { api } from '@/lib/api';
import { focusWhenSettled } from '@/lib/focus';
import type { Tag } from '../schema';
import { TagForm, type TagValues } from './TagForm';

type Notice = { tone: 'success' | 'error'; text: string } | null;
const byName = (a: Tag, b: Tag) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

function TagRow({ tag, onChanged, onDeleted }: { tag: Tag; onChanged: (t: Tag) => void; onDeleted: () => void }) {
  const t = useTranslations('teamWork.tags');
  const [editing, setEditing] = useState(false);
  const save = async (values: TagValues) => {
    onChanged(await api<Tag>(`/api/v1/tags/${tag.id}`, { method: 'PATCH', body: values }));
    setEditing(false);
  };
  const remove = async () => {
    await api(`/api/v1/tags/${tag.id}`, { method: 'DELETE' });
    onDeleted();
  };
  return (
    <li className="rounded-xl border border-border bg-surface p-4" data-testid="tag-row" data-tag-id={tag.id}>
      {editing ? (
        <TagForm
          initial={{ name: tag.name, color: tag.color }}
          submitLabel={t('save')}
          onSubmit={save}
          onCancel={() => setEditing(false)}
          testId="tag-edit-form"
        />
      ) : (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
          <div className="flex min-w-0 flex-1 items-center gap-3">
            <span
              aria-hidden="true"
              className="h-5 w-5 shrink-0 rounded-full border border-border"
              style={{ backgroundColor: tag.color }}
              data-testid="tag-swatch"
            />
            <div className="min-w-0">
              <p className="m-0 font-medium break-words" data-testid="tag-name" dir="auto">
                {tag.name}
              </p>
              <p className="m-0 text-xs text-muted">
                <span data-testid="tag-color">{tag.color}</span>
                {' · '}
                <span data-testid="tag-count">{t('postCount', { count: tag.postCount })}</span>
              </p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" className="px-3 py-1.5" onClick={() => setEditing(true)} data-testid="tag-edit">
              {t('edit')}
              <span className="sr-only"> {tag.name}</span>
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant="secondary" className="px-3 py-1.5" data-testid="tag-delete">
                  {t('delete')}
                  <span className="sr-only"> {tag.name}</span>
                </Button>
              }
              title={t('deleteTitle', { name: tag.name })}
              description={tag.postCount > 0 ? t('deleteDescription', { count: tag.postCount }) : t('deleteNone')}
              confirmLabel={t('delete')}
              onConfirm={remove}
              testId="tag-delete-dialog"
            />
          </div>
        </div>
      )}
    </li>
  );
}

/** The admins' tag list: add, rename and recolour inline, delete. Sorted by name, like everywhere else. */
export function TagsManager({ initial }: { initial: Tag[] }) {
  const t = useTranslations('teamWork.tags');
  const [tags, setTags] = useState(initial);
  const [notice, setNotice] = useState<Notice>(null);
  // Where focus goes when a deleted tag's row (and its Delete button) is gone.
  const listHeading = useRef<HTMLHeadingElement>(null);

  const add = async (values: TagValues) => {
    const created = await api<Tag>('/api/v1/tags', { body: values });
    setTags((list) => [...list, created].sort(byName));
    setNotice({ tone: 'success', text: t('added', { name: created.name }) });
  };

  return (
    <>
      <section aria-labelledby="add-tag-heading" className="mb-8 rounded-xl border border-border bg-surface p-4 sm:p-6">
        <h2 id="add-tag-heading" className="mb-4 text-lg font-semibold">
          {t('addHeading')}
        </h2>
        <TagForm submitLabel={t('addSubmit')} onSubmit={add} testId="tag-add-form" />
      </section>
      <div aria-live="polite" className="mb-4 empty:hidden">
        {notice ? (
          <Alert tone={notice.tone} testId="tags-notice">
            {notice.text}
          </Alert>
        ) : null}
      </div>
      <h2 className="mb-3 text-lg font-semibold" ref={listHeading} tabIndex={-1} data-testid="tags-heading">
        {t('listHeading')}
      </h2>
      {tags.length === 0 ? (
        <EmptyState title={t('emptyTitle')} testId="tags-empty">
          {t('emptyBody')}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="tag-list">
          {tags.map((tag) => (
            <TagRow
              key={tag.id}
              tag={tag}
              onChanged={(changed) => {
                setTags((list) => list.map((x) => (x.id === changed.id ? changed : x)).sort(byName));
                setNotice({ tone: 'success', text: t('saved', { name: changed.name }) });
              }}
              onDeleted={() => {
                setTags((list) => list.filter((x) => x.id !== tag.id));
                setNotice({ tone: 'success', text: t('deleted', { name: tag.name }) });
                focusWhenSettled(() => listHeading.current);
              }}
            />
          ))}
        </ul>
      )}
    </>
  );
}

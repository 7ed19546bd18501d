import { useRouter } from 'next/router';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { api, ApiError } from '@/lib/api';
import { MAX_TAGS_PER_POST, type TagRef } from '@/features/tags/schema';

export interface PostTagsControlProps {
  postNumber: number;
  /** Every tag there is. */
  tags: TagRef[];
  /** The post's tags now. */
  selected: TagRef[];
}

/**
 * The team's tag picker on a post: a group of checkboxes (keyboard and screen-reader friendly),
 * at most 10 checked (the others are disabled at the limit; the server refuses more too), save.
 */
export function PostTagsControl({ postNumber, tags, selected }: PostTagsControlProps) {
  const router = useRouter();
  const [chosen, setChosen] = useState<string[]>(() => selected.map((t) => t.id));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const hintId = useId();
  const atLimit = chosen.length >= MAX_TAGS_PER_POST;
  const initial = new Set(selected.map((t) => t.id));
  const unchanged = chosen.length === initial.size && chosen.every((id) => initial.has(id));

  const toggle = (id: string, on: boolean) => {
    setSaved(null);
    setChosen((list) =>
      on ? (list.includes(id) || list.length >= MAX_TAGS_PER_POST ? list : [...list, id]) : list.filter((x) => x !== id),
    );
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSaving(true);
    try {
      const result = await api<{ tags: TagRef[] }>(`/api/v1/posts/${postNumber}/tags`, { method: 'PUT', body: { tagIds: chosen } });
      setSaved(result.tags.length ? `Tags saved: ${result.tags.map((t) => t.name).join(', ')}.` : 'Tags removed.');
      await router.replace(router.asPath, undefined, { scroll: false });
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields.tagIds ?? err.message) : 'The tags were not saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="rounded-xl border border-border bg-surface p-4"
      data-testid="post-tags-control"
    >
      <fieldset aria-describedby={hintId} className="m-0 border-0 p-0">
        <legend className="mb-1 text-base font-semibold">Tags</legend>
        <p id={hintId} className="m-0 mb-3 text-xs text-muted" data-testid="post-tags-count">
          {chosen.length} of at most {MAX_TAGS_PER_POST} chosen{atLimit ? ' — uncheck one to choose another' : ''}.
        </p>
        {tags.length === 0 ? (
          <p className="m-0 text-sm text-muted">There are no tags yet. Admins add them under Tags in the team area.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {tags.map((tag) => {
              const checked = chosen.includes(tag.id);
              return (
                <li key={tag.id}>
                  <label
                    className={`flex items-center gap-2 rounded-full border border-border px-3 py-1 text-sm ${!checked && atLimit ? 'opacity-60' : ''}
                      has-focus-visible:outline-2 has-focus-visible:outline-accent`}
                  >
                    <input
                      type="checkbox"
                      className="h-4 w-4"
                      checked={checked}
                      disabled={!checked && atLimit}
                      onChange={(e) => toggle(tag.id, e.target.checked)}
                      data-testid="post-tag-option"
                    />
                    <span aria-hidden="true" className="h-3 w-3 rounded-full" style={{ backgroundColor: tag.color }} />
                    {tag.name}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      {error ? (
        <div className="mt-3">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      <div className="mt-3 flex items-center gap-3">
        <Button type="submit" busy={saving} disabled={unchanged || tags.length === 0} data-testid="post-tags-save">
          {saving ? 'Saving…' : 'Save tags'}
        </Button>
        <p aria-live="polite" className="m-0 text-sm text-muted">
          {saved}
        </p>
      </div>
    </form>
  );
}

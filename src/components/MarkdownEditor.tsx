import dynamic from 'next/dynamic';
import { forwardRef, useCallback, useRef, useState, type TextareaHTMLAttributes } from 'react';
import { Markdown } from '@/components/ui/Markdown';
import { TextareaField } from '@/components/ui/TextareaField';
import { api, ApiError, apiUpload } from '@/lib/api';
import type { MdDoc } from '@/lib/markdown-tree';

/** Fetched only where someone signed in writes (visitors never load it). */
const MentionSuggest = dynamic(() => import('./MentionSuggest'), { ssr: false });

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  /** The current text, for the preview. */
  value?: string;
  testId?: string;
  /**
   * Where `@name` suggestions come from (a mention-suggestions URL, without `q`); absent for
   * visitors and wherever nobody can be mentioned.
   */
  mentions?: string | null;
  /** Whether images can be added (paste, drop, or pick a file): where a signed-in person writes a post or comment. */
  images?: boolean;
};

/** SPEC.md §5: images at most 5 MiB (the server checks again, and checks what the bytes are). */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/gif,image/webp';

/** Sets the textarea's text as typing would, so the form library sees the change. */
function insertText(el: HTMLTextAreaElement, snippet: string) {
  const start = el.selectionStart ?? el.value.length;
  const end = el.selectionEnd ?? start;
  const before = el.value.slice(0, start);
  const after = el.value.slice(end);
  const lead = before && !before.endsWith('\n') ? '\n' : '';
  const trail = after.startsWith('\n') ? '' : '\n';
  const text = `${before}${lead}${snippet}${trail}${after}`;
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(el, text);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  const caret = before.length + lead.length + snippet.length + trail.length;
  el.setSelectionRange(caret, caret);
}

const filesOf = (list: FileList | null | undefined): File[] => Array.from(list ?? []);

/**
 * A Markdown textarea with Write and Preview. The preview is the server's safe tree (the same
 * renderer as the pages), so what people see is what will be published.
 */
export const MarkdownEditor = forwardRef<HTMLTextAreaElement, Props>(function MarkdownEditor(
  { label, error, value, testId, mentions, images = false, ...textarea },
  ref,
) {
  const own = useRef<HTMLTextAreaElement | null>(null);
  const setRef = useCallback(
    (el: HTMLTextAreaElement | null) => {
      own.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [ref],
  );
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<{ doc: MdDoc | null; error: string | null; loading: boolean }>({
    doc: null,
    error: null,
    loading: false,
  });

  const [upload, setUpload] = useState<{ busy: string | null; error: string | null }>({ busy: null, error: null });
  const picker = useRef<HTMLInputElement | null>(null);

  async function addImages(files: File[]) {
    for (const file of files) {
      if (file.size > MAX_IMAGE_BYTES) {
        setUpload({ busy: null, error: `${file.name || 'The image'} is larger than 5 MiB.` });
        continue;
      }
      setUpload({ busy: file.name || 'image', error: null });
      try {
        const query = file.name ? `?filename=${encodeURIComponent(file.name.slice(0, 200))}` : '';
        const { markdown } = await apiUpload<{ markdown: string }>(`/api/v1/attachments${query}`, file);
        if (own.current) insertText(own.current, markdown);
        setUpload({ busy: null, error: null });
      } catch (err) {
        const message = err instanceof ApiError ? err.message : 'The image could not be uploaded.';
        setUpload({ busy: null, error: `${file.name || 'The image'} was not added: ${message}` });
      }
    }
    own.current?.focus();
  }

  async function showPreview() {
    setMode('preview');
    setPreview({ doc: null, error: null, loading: true });
    try {
      const { doc } = await api<{ doc: MdDoc }>('/api/v1/markdown/preview', { body: { body: value ?? '' } });
      setPreview({ doc, error: null, loading: false });
    } catch (err) {
      setPreview({ doc: null, error: err instanceof ApiError ? err.message : 'The preview could not be shown.', loading: false });
    }
  }

  const tab = (active: boolean) =>
    `rounded-md px-3 py-1 text-sm ${active ? 'bg-bg font-semibold text-fg ring-1 ring-border' : 'text-muted hover:text-fg'}`;
  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-1">
        <div className="flex gap-1" role="group" aria-label={`${label}: write or preview`}>
          <button type="button" className={tab(mode === 'write')} aria-pressed={mode === 'write'} onClick={() => setMode('write')}>
            Write
          </button>
          <button type="button" className={tab(mode === 'preview')} aria-pressed={mode === 'preview'} onClick={() => void showPreview()}>
            Preview
          </button>
        </div>
        {images && mode === 'write' ? (
          <>
            <button
              type="button"
              className="ml-auto rounded-md px-3 py-1 text-sm text-muted ring-1 ring-border hover:text-fg"
              onClick={() => picker.current?.click()}
              disabled={upload.busy !== null}
              data-testid="add-image"
            >
              Add image
            </button>
            <input
              ref={picker}
              type="file"
              accept={ACCEPTED_IMAGES}
              multiple
              className="sr-only"
              tabIndex={-1}
              aria-label={`Add an image to ${label.toLowerCase()}`}
              data-testid="image-input"
              onChange={(e) => {
                const files = filesOf(e.currentTarget.files);
                e.currentTarget.value = '';
                void addImages(files);
              }}
            />
          </>
        ) : null}
      </div>
      <div
        hidden={mode !== 'write'}
        className="relative"
        onPaste={
          images
            ? (e) => {
                const files = filesOf(e.clipboardData?.files);
                if (files.length === 0) return;
                e.preventDefault();
                void addImages(files);
              }
            : undefined
        }
        onDragOver={images ? (e) => e.dataTransfer.types.includes('Files') && e.preventDefault() : undefined}
        onDrop={
          images
            ? (e) => {
                const files = filesOf(e.dataTransfer?.files);
                if (files.length === 0) return;
                e.preventDefault();
                void addImages(files);
              }
            : undefined
        }
      >
        <TextareaField
          ref={setRef}
          label={label}
          error={error}
          hint={[
            'Markdown: **bold**, _italic_, `code`, lists, > quotes and [links](https://example.com).',
            mentions ? 'Type @ and a name to mention someone.' : '',
            images ? 'Paste, drop or add images (PNG, JPEG, GIF or WebP, up to 5 MiB).' : '',
          ]
            .filter(Boolean)
            .join(' ')}
          {...textarea}
        />
        {mentions ? <MentionSuggest textarea={own} source={mentions} /> : null}
        {images ? (
          <p className="mt-1 text-sm text-muted" role="status" data-testid="image-upload-status">
            {upload.busy ? `Uploading ${upload.busy}…` : null}
          </p>
        ) : null}
        {upload.error ? (
          <p className="text-sm text-danger" role="alert" data-testid="image-upload-error">
            {upload.error}
          </p>
        ) : null}
      </div>
      {mode === 'preview' ? (
        <section
          aria-label={`${label} preview`}
          aria-busy={preview.loading}
          className="min-h-24 rounded-md border border-border bg-surface px-3 py-2"
          data-testid="markdown-preview"
        >
          {preview.loading ? <p className="text-sm text-muted">Rendering the preview…</p> : null}
          {preview.error ? (
            <p role="alert" className="text-sm text-danger">
              {preview.error}
            </p>
          ) : null}
          {preview.doc ? (
            preview.doc.length ? (
              <Markdown doc={preview.doc} />
            ) : (
              <p className="text-sm text-muted">Nothing to preview yet.</p>
            )
          ) : null}
        </section>
      ) : null}
    </div>
  );
});

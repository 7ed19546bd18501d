import dynamic from 'next/dynamic';
import { forwardRef, useCallback, useRef, useState, type TextareaHTMLAttributes } from 'react';
import { useLocale, useTranslations } from 'use-intl';
import { Markdown } from '@/components/ui/Markdown';
import { TextareaField } from '@/components/ui/TextareaField';
import { api, ApiError, apiUpload } from '@/lib/api';
import type { MdDoc } from '@/lib/markdown-tree';
import { useApiErrorText } from '@/lib/api-error-text';

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
  const t = useTranslations('ui');
  const errorText = useApiErrorText();
  const locale = useLocale();
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
  // `error`: the server's message, or `true` for the generic one.
  const [preview, setPreview] = useState<{ doc: MdDoc | null; error: string | true | null; loading: boolean }>({
    doc: null,
    error: null,
    loading: false,
  });

  const [upload, setUpload] = useState<{ busy: string | null; error: string | null }>({ busy: null, error: null });
  const picker = useRef<HTMLInputElement | null>(null);

  async function addImages(files: File[]) {
    for (const file of files) {
      if (file.size > MAX_IMAGE_BYTES) {
        setUpload({
          busy: null,
          error: file.name ? t('markdownEditor.tooLarge', { name: file.name }) : t('markdownEditor.tooLargeUnnamed'),
        });
        continue;
      }
      setUpload({ busy: file.name || t('markdownEditor.unnamedImage'), error: null });
      try {
        const query = file.name ? `?filename=${encodeURIComponent(file.name.slice(0, 200))}` : '';
        const { markdown } = await apiUpload<{ markdown: string }>(`/api/v1/attachments${query}`, file);
        if (own.current) insertText(own.current, markdown);
        setUpload({ busy: null, error: null });
      } catch (err) {
        const message = err instanceof ApiError ? errorText(err) : t('markdownEditor.uploadFailed');
        setUpload({
          busy: null,
          error: file.name ? t('markdownEditor.notAdded', { name: file.name, message }) : t('markdownEditor.notAddedUnnamed', { message }),
        });
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
      setPreview({ doc: null, error: err instanceof ApiError ? errorText(err) : true, loading: false });
    }
  }

  const tab = (active: boolean) =>
    `rounded-md px-3 py-1 text-sm ${active ? 'bg-bg font-semibold text-fg ring-1 ring-border' : 'text-muted hover:text-fg'}`;
  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-1">
        <div className="flex gap-1" role="group" aria-label={t('markdownEditor.modes', { label })}>
          <button type="button" className={tab(mode === 'write')} aria-pressed={mode === 'write'} onClick={() => setMode('write')}>
            {t('markdownEditor.write')}
          </button>
          <button type="button" className={tab(mode === 'preview')} aria-pressed={mode === 'preview'} onClick={() => void showPreview()}>
            {t('markdownEditor.preview')}
          </button>
        </div>
        {images && mode === 'write' ? (
          <>
            <button
              type="button"
              className="ms-auto rounded-md px-3 py-1 text-sm text-muted ring-1 ring-border hover:text-fg"
              onClick={() => picker.current?.click()}
              disabled={upload.busy !== null}
              data-testid="add-image"
            >
              {t('markdownEditor.addImage')}
            </button>
            <input
              ref={picker}
              type="file"
              accept={ACCEPTED_IMAGES}
              multiple
              className="sr-only"
              tabIndex={-1}
              // English names the field in lower case within the sentence; other languages quote it as it is.
              aria-label={t('markdownEditor.addImageTo', { label: locale === 'en' ? label.toLowerCase() : label })}
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
            t('markdownEditor.hintMarkdown'),
            mentions ? t('markdownEditor.hintMentions') : '',
            images ? t('markdownEditor.hintImages') : '',
          ]
            .filter(Boolean)
            .join(' ')}
          {...textarea}
        />
        {mentions ? <MentionSuggest textarea={own} source={mentions} /> : null}
        {images ? (
          <p className="mt-1 text-sm text-muted" role="status" data-testid="image-upload-status">
            {upload.busy ? t('markdownEditor.uploading', { name: upload.busy }) : null}
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
          aria-label={t('markdownEditor.previewLabel', { label })}
          aria-busy={preview.loading}
          className="min-h-24 rounded-md border border-border bg-surface px-3 py-2"
          data-testid="markdown-preview"
        >
          {preview.loading ? <p className="text-sm text-muted">{t('markdownEditor.rendering')}</p> : null}
          {preview.error ? (
            <p role="alert" className="text-sm text-danger">
              {preview.error === true ? t('markdownEditor.previewFailed') : preview.error}
            </p>
          ) : null}
          {preview.doc ? (
            preview.doc.length ? (
              <Markdown doc={preview.doc} />
            ) : (
              <p className="text-sm text-muted">{t('markdownEditor.nothingToPreview')}</p>
            )
          ) : null}
        </section>
      ) : null}
    </div>
  );
});

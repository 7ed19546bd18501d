import dynamic from 'next/dynamic';
import { forwardRef, useCallback, useRef, useState, type TextareaHTMLAttributes } from 'react';
import { Markdown } from '@/components/ui/Markdown';
import { TextareaField } from '@/components/ui/TextareaField';
import { api, ApiError } from '@/lib/api';
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
};

/**
 * A Markdown textarea with Write and Preview. The preview is the server's safe tree (the same
 * renderer as the pages), so what people see is what will be published.
 */
export const MarkdownEditor = forwardRef<HTMLTextAreaElement, Props>(function MarkdownEditor(
  { label, error, value, testId, mentions, ...textarea },
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
      <div className="flex gap-1" role="group" aria-label={`${label}: write or preview`}>
        <button type="button" className={tab(mode === 'write')} aria-pressed={mode === 'write'} onClick={() => setMode('write')}>
          Write
        </button>
        <button type="button" className={tab(mode === 'preview')} aria-pressed={mode === 'preview'} onClick={() => void showPreview()}>
          Preview
        </button>
      </div>
      <div hidden={mode !== 'write'} className="relative">
        <TextareaField
          ref={setRef}
          label={label}
          error={error}
          hint={
            mentions
              ? 'Markdown: **bold**, _italic_, `code`, lists, > quotes and [links](https://example.com). Type @ and a name to mention someone.'
              : 'Markdown: **bold**, _italic_, `code`, lists, > quotes and [links](https://example.com).'
          }
          {...textarea}
        />
        {mentions ? <MentionSuggest textarea={own} source={mentions} /> : null}
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

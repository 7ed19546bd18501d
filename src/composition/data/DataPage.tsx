import { useState, type FormEvent } from 'react';
import { useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { api, ApiError } from '@/lib/api';
import { useApiErrorText } from '@/lib/api-error-text';

/** `/admin/data`: export the workspace as one JSON file; import an export, or Canny / Fider CSV files. */
export type DataPageProps = { boards: { slug: string; name: string }[]; postCount: number };

type Source = 'chorus' | 'canny' | 'fider';

const readText = (input: HTMLInputElement | null) => input?.files?.[0]?.text();

/**
 * What the import answered (server data; counts only). A refusal's summary is in the page's
 * language (api-error-text.ts); the list of the file's row problems (reason importProblems) is a
 * report on the file, shown as the server wrote it, in English (docs/i18n.md).
 */
type ImportCounts = { posts?: unknown; votes?: unknown; comments?: unknown; members?: unknown };
const count = (n: unknown) => Number(n ?? 0);

export default function DataPage({ shell, boards, postCount }: ShellProps & Partial<DataPageProps>) {
  const t = useTranslations('teamAdmin');
  const errorText = useApiErrorText();
  const [source, setSource] = useState<Source>('chorus');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<ImportCounts | null>(null);
  const [problem, setProblem] = useState<{ message: string; rows: Record<string, string> } | null>(null);
  if (!boards) return null;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const file = (name: string) => readText(form.elements.namedItem(name) as HTMLInputElement | null);
    setBusy(true);
    setDone(null);
    setProblem(null);
    try {
      let body: Record<string, unknown>;
      if (source === 'chorus') {
        const text = await file('file');
        let parsed: unknown;
        try {
          parsed = text === undefined ? undefined : JSON.parse(text);
        } catch {
          setProblem({ message: t('dataPage.import.notJson'), rows: {} });
          return;
        }
        body = { source, file: parsed };
      } else {
        const board = (form.elements.namedItem('board') as HTMLSelectElement | null)?.value || undefined;
        body = { source, board, posts: await file('posts'), votes: await file('votes') };
      }
      setDone(await api<ImportCounts>('/api/v1/admin/import', { body }));
    } catch (err) {
      setProblem({ message: errorText(err), rows: err instanceof ApiError && err.reason === 'importProblems' ? err.fields : {} });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title={t('dataPage.title')} siteName={shell.workspace.name}>
        {t('dataPage.intro')}
      </PageHeading>
      <section className="mb-8 flex flex-col gap-3" aria-labelledby="export-heading">
        <h2 id="export-heading" className="text-lg font-semibold">
          {t('dataPage.export.heading')}
        </h2>
        <p className="text-sm text-muted">{t('dataPage.export.contents')}</p>
        <p>
          <a className="font-medium text-accent underline" href="/api/v1/admin/export" download data-testid="export-link">
            {t('dataPage.export.download')}
          </a>
        </p>
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="import-heading">
        <h2 id="import-heading" className="text-lg font-semibold">
          {t('dataPage.import.heading')}
        </h2>
        <form onSubmit={submit} className="flex max-w-xl flex-col gap-4" data-testid="import-form">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('dataPage.import.from')}
            <select name="source" value={source} onChange={(e) => setSource(e.target.value as Source)} className="rounded-md border border-border p-2">
              <option value="chorus">{t('dataPage.import.sources.chorus')}</option>
              <option value="canny">{t('dataPage.import.sources.canny')}</option>
              <option value="fider">{t('dataPage.import.sources.fider')}</option>
            </select>
          </label>
          {source === 'chorus' ? (
            <>
              {postCount ? <Alert>{t('dataPage.import.notEmpty', { count: postCount })}</Alert> : null}
              <label className="flex flex-col gap-1 text-sm font-medium">
                {t('dataPage.import.exportFile')}
                <input type="file" name="file" accept=".json,application/json" required />
              </label>
            </>
          ) : (
            <>
              <label className="flex flex-col gap-1 text-sm font-medium">
                {source === 'canny' ? t('dataPage.import.boardCanny') : t('dataPage.import.board')}
                <select name="board" className="rounded-md border border-border p-2" defaultValue={boards[0]?.slug ?? ''}>
                  {source === 'canny' ? <option value="">{t('dataPage.import.boardFromFile')}</option> : null}
                  {boards.map((b) => (
                    <option key={b.slug} value={b.slug} dir="auto">
                      {b.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium">
                {t('dataPage.import.postsCsv')}
                <input type="file" name="posts" accept=".csv,text/csv" required />
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium">
                {t('dataPage.import.votesCsv')}
                <input type="file" name="votes" accept=".csv,text/csv" />
              </label>
            </>
          )}
          <p className="text-sm text-muted">{t('dataPage.import.checked')}</p>
          <div>
            <Button type="submit" busy={busy}>
              {t('dataPage.import.submit')}
            </Button>
          </div>
        </form>
        {done ? (
          <Alert tone="success" testId="import-done">
            {t('dataPage.import.done', {
              posts: count(done.posts),
              votes: count(done.votes),
              comments: count(done.comments),
              members: count(done.members),
            })}
          </Alert>
        ) : null}
        {problem ? (
          <Alert tone="error" testId="import-error">
            <p>{problem.message}</p>
            {Object.keys(problem.rows).length ? (
              <ul className="mt-2 list-disc ps-5">
                {Object.entries(problem.rows).map(([where, why]) => (
                  <li key={where}>
                    {t.rich('dataPage.import.problem', { where, why, strong: (chunks) => <strong>{chunks}</strong> })}
                  </li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
      </section>
    </>
  );
}

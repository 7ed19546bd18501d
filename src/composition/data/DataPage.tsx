import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { PageHeading } from '@/components/ui/PageHeading';
import { TeamNav } from '@/components/TeamNav';
import type { ShellProps } from '@/core/shell';
import { api, ApiError } from '@/lib/api';

/** `/admin/data`: export the workspace as one JSON file; import an export, or Canny / Fider CSV files. */
export type DataPageProps = { boards: { slug: string; name: string }[]; postCount: number };

type Source = 'chorus' | 'canny' | 'fider';

const readText = (input: HTMLInputElement | null) => input?.files?.[0]?.text();

export default function DataPage({ shell, boards, postCount }: ShellProps & Partial<DataPageProps>) {
  const [source, setSource] = useState<Source>('chorus');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Record<string, unknown> | null>(null);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  if (!boards) return null;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const file = (name: string) => readText(form.elements.namedItem(name) as HTMLInputElement | null);
    setBusy(true);
    setDone(null);
    setError(null);
    try {
      let body: Record<string, unknown>;
      if (source === 'chorus') {
        const text = await file('file');
        let parsed: unknown;
        try {
          parsed = text === undefined ? undefined : JSON.parse(text);
        } catch {
          throw new ApiError(400, 'INVALID_JSON', 'This file is not JSON: choose a Chorus workspace export.');
        }
        body = { source, file: parsed };
      } else {
        const board = (form.elements.namedItem('board') as HTMLSelectElement | null)?.value || undefined;
        body = { source, board, posts: await file('posts'), votes: await file('votes') };
      }
      setDone(await api<Record<string, unknown>>('/api/v1/admin/import', { body }));
    } catch (err) {
      setError(err instanceof ApiError ? { message: err.message, fields: err.fields } : { message: String(err), fields: {} });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title="Import and export" siteName={shell.workspace.name}>
        Move the workspace in and out: one JSON file with everything but secrets, or posts and votes from Canny or Fider.
      </PageHeading>
      <section className="mb-8 flex flex-col gap-3" aria-labelledby="export-heading">
        <h2 id="export-heading" className="text-lg font-semibold">
          Export
        </h2>
        <p className="text-sm text-muted">
          Settings, members (without passwords or sessions), statuses, tags, boards, posts, votes, comments, status history, subscriptions and the
          changelog.
        </p>
        <p>
          <a className="font-medium text-accent underline" href="/api/v1/admin/export" download data-testid="export-link">
            Download the workspace (JSON)
          </a>
        </p>
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="import-heading">
        <h2 id="import-heading" className="text-lg font-semibold">
          Import
        </h2>
        <form onSubmit={submit} className="flex max-w-xl flex-col gap-4" data-testid="import-form">
          <label className="flex flex-col gap-1 text-sm font-medium">
            From
            <select name="source" value={source} onChange={(e) => setSource(e.target.value as Source)} className="rounded-md border border-border p-2">
              <option value="chorus">A Chorus workspace export (JSON)</option>
              <option value="canny">Canny (posts CSV, voters CSV)</option>
              <option value="fider">Fider (posts CSV, votes CSV)</option>
            </select>
          </label>
          {source === 'chorus' ? (
            <>
              {postCount ? <Alert>This workspace already has {postCount} posts: a workspace export goes only into an empty workspace.</Alert> : null}
              <label className="flex flex-col gap-1 text-sm font-medium">
                Export file
                <input type="file" name="file" accept=".json,application/json" required />
              </label>
            </>
          ) : (
            <>
              <label className="flex flex-col gap-1 text-sm font-medium">
                Board {source === 'canny' ? '(for posts that name none)' : ''}
                <select name="board" className="rounded-md border border-border p-2" defaultValue={boards[0]?.slug ?? ''}>
                  {source === 'canny' ? <option value="">From the file&apos;s Board column</option> : null}
                  {boards.map((b) => (
                    <option key={b.slug} value={b.slug}>
                      {b.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium">
                Posts CSV
                <input type="file" name="posts" accept=".csv,text/csv" required />
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium">
                Votes CSV (optional)
                <input type="file" name="votes" accept=".csv,text/csv" />
              </label>
            </>
          )}
          <p className="text-sm text-muted">Every row is checked first: if any is wrong, nothing is imported and the rows are listed.</p>
          <div>
            <Button type="submit" busy={busy}>
              Import
            </Button>
          </div>
        </form>
        {done ? (
          <Alert tone="success" testId="import-done">
            Imported {String(done.posts)} posts, {String(done.votes)} votes and {String(done.comments)} comments; {String(done.members)} new members.
          </Alert>
        ) : null}
        {error ? (
          <Alert tone="error" testId="import-error">
            <p>{error.message}</p>
            {Object.keys(error.fields).length ? (
              <ul className="mt-2 list-disc pl-5">
                {Object.entries(error.fields).map(([where, why]) => (
                  <li key={where}>
                    <strong>{where}</strong>: {why}
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

import Link from 'next/link';
import type { ReactNode } from 'react';
import { PageHeading } from '@/components/ui/PageHeading';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { formatDateTime } from '@/lib/dates';
import type { ServiceStatus } from '../schema';

export type StatusPageProps = { status: ServiceStatus };

const DATABASE_KIND: Record<ServiceStatus['database']['kind'], string> = {
  embedded: 'Embedded database (PGlite, on this server)',
  postgresql: 'PostgreSQL',
};

function Check({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className={`inline-block h-2.5 w-2.5 shrink-0 rounded-full ${ok ? 'bg-green-600 dark:bg-green-400' : 'bg-danger'}`}
      />
      {children}
    </span>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4" data-testid={testId}>
      <dt className="font-medium">{label}</dt>
      <dd className="m-0 text-muted [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function jobsText(jobs: NonNullable<ServiceStatus['jobs']>): string {
  const waiting = jobs.waiting === 0 ? 'Nothing waiting' : `${jobs.waiting} ${jobs.waiting === 1 ? 'job' : 'jobs'} waiting to run`;
  const failed = jobs.failed === 0 ? '' : `; ${jobs.failed} stopped after repeated failures (an operator can see them in the database)`;
  return waiting + failed;
}

/** `/status`: whether the service works right now, in words. */
export default function StatusPage({ shell, status }: Partial<ShellProps> & StatusPageProps) {
  const name = shell?.workspace.name ?? 'Chorus';
  const { database, jobs } = status;
  return (
    <>
      <PageHeading title="Status" siteName={name}>
        Whether {name} is working right now.
      </PageHeading>
      <p
        className={`mb-6 rounded-xl border px-4 py-3 text-base font-medium ${
          status.ok ? 'border-green-600/40 bg-green-600/10' : 'border-danger/50 bg-danger/10 text-danger'
        }`}
        data-testid="status-summary"
      >
        <Check ok={status.ok}>
          {status.ok ? 'Everything is working.' : 'Something is wrong: the database is not answering, so pages and actions fail.'}
        </Check>
      </p>
      <dl className="m-0 divide-y divide-border rounded-xl border border-border bg-surface text-sm">
        <Row label="App" testId="status-app">
          <Check ok>Answering: this page was made just now.</Check>
        </Row>
        <Row label="Database" testId="status-database">
          <Check ok={database.reachable}>
            {database.reachable ? `Reachable, ${database.latencyMs} ms for a round trip.` : 'Not answering.'}
          </Check>{' '}
          {DATABASE_KIND[database.kind]}.
        </Row>
        <Row label="Background jobs" testId="status-jobs">
          {jobs ? <Check ok={jobs.failed === 0}>{jobsText(jobs)}.</Check> : 'Unknown while the database is not answering.'}
        </Row>
        <Row label="Version" testId="status-version">
          {status.version}
          {status.build ? ` (build ${status.build})` : ''}
        </Row>
        <Row label="Checked" testId="status-checked">
          <time dateTime={status.checkedAt}>{formatDateTime(status.checkedAt)}</time>.{' '}
          <Link href={paths.status()} className="underline" prefetch={false}>
            Check again
          </Link>
        </Row>
      </dl>
      <p className="mt-6 text-sm text-muted">
        For monitoring, {/* A plain link: /api routes are not pages. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- /api/health is an API route */}
        <a href="/api/health" className="underline">
          /api/health
        </a>{' '}
        answers the same check as JSON (503 when the database does not answer).
      </p>
    </>
  );
}

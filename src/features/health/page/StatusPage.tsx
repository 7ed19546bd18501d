import Link from 'next/link';
import type { ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { PageHeading } from '@/components/ui/PageHeading';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { useFormats } from '@/lib/use-formats';
import type { ServiceStatus } from '../schema';
import { isolated } from '@/components/ui/bidi';

export type StatusPageProps = { status: ServiceStatus };

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

function JobsText({ jobs }: { jobs: NonNullable<ServiceStatus['jobs']> }) {
  const t = useTranslations('portal');
  return (
    <>
      {jobs.failed === 0
        ? t('status.jobs.waiting', { count: jobs.waiting })
        : t('status.jobs.withFailed', { count: jobs.waiting, failed: jobs.failed })}
    </>
  );
}

/** `/status`: whether the service works right now, in words. */
export default function StatusPage({ shell, status }: Partial<ShellProps> & StatusPageProps) {
  const t = useTranslations('portal');
  const formats = useFormats();
  const name = shell?.workspace.name ?? 'Chorus';
  const { database, jobs } = status;
  return (
    <>
      <PageHeading title={t('status.title')} siteName={name}>
        {isolated((u) => t('status.intro', { name: u(name) }))}
      </PageHeading>
      <p
        className={`mb-6 rounded-xl border px-4 py-3 text-base font-medium ${
          status.ok ? 'border-green-600/40 bg-green-600/10' : 'border-danger/50 bg-danger/10 text-danger'
        }`}
        data-testid="status-summary"
      >
        <Check ok={status.ok}>{status.ok ? t('status.ok') : t('status.notOk')}</Check>
      </p>
      <dl className="m-0 divide-y divide-border rounded-xl border border-border bg-surface text-sm">
        <Row label={t('status.app.label')} testId="status-app">
          <Check ok>{t('status.app.ok')}</Check>
        </Row>
        <Row label={t('status.database.label')} testId="status-database">
          <Check ok={database.reachable}>
            {database.reachable ? t('status.database.reachable', { ms: database.latencyMs ?? 0 }) : t('status.database.notAnswering')}
          </Check>{' '}
          {t(`status.database.kind.${database.kind}`)}
        </Row>
        <Row label={t('status.jobs.label')} testId="status-jobs">
          {jobs ? (
            <Check ok={jobs.failed === 0}>
              <JobsText jobs={jobs} />
            </Check>
          ) : (
            t('status.jobs.unknown')
          )}
        </Row>
        <Row label={t('status.version')} testId="status-version">
          {status.build ? t('status.versionBuild', { version: status.version, build: status.build }) : status.version}
        </Row>
        <Row label={t('status.checked.label')} testId="status-checked">
          {t.rich('status.checked.at', {
            time: () => <time dateTime={status.checkedAt}>{formats.dateTime(status.checkedAt)}</time>,
          })}{' '}
          <Link href={paths.status()} className="underline" prefetch={false}>
            {t('status.checked.again')}
          </Link>
        </Row>
      </dl>
      <p className="mt-6 text-sm text-muted">
        {t.rich('status.monitoring', {
          // A plain link: /api routes are not pages.
          link: (chunks) => (
            // eslint-disable-next-line @next/next/no-html-link-for-pages -- /api/health is an API route
            <a href="/api/health" className="underline">
              {chunks}
            </a>
          ),
        })}
      </p>
    </>
  );
}

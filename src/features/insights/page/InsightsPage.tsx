import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useLocale, useTranslations } from 'use-intl';
import { Alert } from '@/components/ui/Alert';
import { ScrollRegion } from '@/components/ui/ScrollRegion';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Field } from '@/components/ui/Field';
import { PageHeading } from '@/components/ui/PageHeading';
import { SelectField } from '@/components/ui/SelectField';
import { TeamNav } from '@/components/TeamNav';
import { paths } from '@/config/paths';
import type { ShellProps } from '@/core/shell';
import { useFormats } from '@/lib/use-formats';
import { chartCsv, csvFileName, downloadText, type CsvWords, type InsightChart } from '../client/csv';
import { durationParts, formatDay } from '../format';
import { MAX_PERIOD_DAYS } from '../limits';
import type { InsightsReport, PeriodErrorKey } from '../schema';

export type InsightsPageProps = {
  /** null when the period asked for is not valid (`errors` says why). */
  report: InsightsReport | null;
  form: { period: string; from: string; to: string };
  /** Keys of teamSetup.periodErrors, by field. */
  errors: Record<string, PeriodErrorKey>;
};

// recharts is loaded on demand, in the browser only: the tables below each chart carry the figures.
const chartLoading = () => <div className="h-40 animate-pulse rounded-md bg-bg" aria-hidden="true" />;
const ActivityChart = dynamic(() => import('../client/InsightsCharts').then((m) => m.ActivityChart), { ssr: false, loading: chartLoading });
const StatusChart = dynamic(() => import('../client/InsightsCharts').then((m) => m.StatusChart), { ssr: false, loading: chartLoading });
const TopRequestsChart = dynamic(() => import('../client/InsightsCharts').then((m) => m.TopRequestsChart), {
  ssr: false,
  loading: chartLoading,
});
const BoardsChart = dynamic(() => import('../client/InsightsCharts').then((m) => m.BoardsChart), { ssr: false, loading: chartLoading });

const PERIOD_OPTIONS = [
  { value: '30d', key: 'last30' },
  { value: '90d', key: 'last90' },
  { value: '12m', key: 'last12m' },
  { value: 'custom', key: 'custom' },
] as const;

/** A duration in the page's language ("3 h 20 min"). */
function useDuration(): (seconds: number) => string {
  const t = useTranslations('teamSetup.duration');
  return (seconds) => {
    const { unit, ...values } = durationParts(seconds);
    return t(unit, values);
  };
}

/** `/admin`: the team's insights over a chosen period. */
export default function InsightsPage({ shell, report, form, errors }: ShellProps & InsightsPageProps) {
  const t = useTranslations('teamSetup.insights');
  const loading = useNavigationPending();
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title={t('title')} siteName={shell.workspace.name}>
        {t('intro')}
      </PageHeading>
      {/* Keyed by the period shown, so the form resets to it after each navigation. */}
      <PeriodForm key={`${form.period}|${form.from}|${form.to}`} form={form} errors={errors} busy={loading} />
      <div aria-busy={loading || undefined} className={loading ? 'opacity-60' : undefined} data-testid="insights-results">
        {loading ? (
          <p role="status" className="mb-4 text-sm text-muted">
            {t('loading')}
          </p>
        ) : null}
        {report ? <Report report={report} /> : <Alert tone="error">{t('invalid')}</Alert>}
      </div>
    </>
  );
}

/** True while a client-side navigation (a new period) is loading. */
function useNavigationPending(): boolean {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  useEffect(() => {
    const start = () => setPending(true);
    const end = () => setPending(false);
    router.events.on('routeChangeStart', start);
    router.events.on('routeChangeComplete', end);
    router.events.on('routeChangeError', end);
    return () => {
      router.events.off('routeChangeStart', start);
      router.events.off('routeChangeComplete', end);
      router.events.off('routeChangeError', end);
    };
  }, [router.events]);
  return pending;
}

function PeriodForm({ form, errors, busy }: { form: InsightsPageProps['form']; errors: InsightsPageProps['errors']; busy: boolean }) {
  const t = useTranslations('teamSetup.insights');
  const te = useTranslations('teamSetup.periodErrors');
  const error = (field: string) => (errors[field] ? te(errors[field], { max: MAX_PERIOD_DAYS }) : undefined);
  const router = useRouter();
  const [period, setPeriod] = useState(form.period);
  const [from, setFrom] = useState(form.from);
  const [to, setTo] = useState(form.to);

  const show = (query: Record<string, string>) => router.push({ pathname: paths.admin(), query }, undefined, { scroll: false });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void show(period === 'custom' ? { period, from, to } : { period });
  };
  // A fixed period applies as it is chosen; a custom one once both dates are in and it is asked for.
  const choose = (next: string) => {
    setPeriod(next);
    // Focus stays on the choice (a navigation would move it to the heading, and the form is drawn anew).
    if (next !== 'custom')
      void show({ period: next }).then(() => document.querySelector<HTMLSelectElement>('form select[name="period"]')?.focus());
  };

  return (
    <form
      method="get"
      action={paths.admin()}
      onSubmit={submit}
      className="mb-8 flex flex-wrap items-end gap-3"
      aria-label={t('periodForm')}
    >
      <SelectField
        label={t('period')}
        name="period"
        value={period}
        onChange={(e) => choose(e.target.value)}
        options={PERIOD_OPTIONS.map((o) => ({ value: o.value, label: t(o.key) }))}
        error={error('period')}
        className="w-full sm:w-48"
      />
      {period === 'custom' ? (
        <>
          <Field
            label={t('from')}
            name="from"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            error={error('from')}
            required
            className="w-full sm:w-44"
          />
          <Field
            label={t('to')}
            name="to"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={error('to')}
            required
            className="w-full sm:w-44"
          />
        </>
      ) : null}
      {period === 'custom' ? (
        <Button type="submit" busy={busy}>
          {t('show')}
        </Button>
      ) : null}
    </form>
  );
}

function Report({ report }: { report: InsightsReport }) {
  const t = useTranslations('teamSetup.insights');
  const locale = useLocale();
  const { dateTime, number } = useFormats();
  const duration = useDuration();
  const day = (d: string) => formatDay(d, true, locale);
  const csvWords: CsvWords = { noStatus: t('noStatus'), duration };
  const { period, updatedAt } = report;
  const range = t('range', { from: day(period.from), to: day(period.to) });
  if (!updatedAt) return <Alert>{t('computing')}</Alert>;
  const active = report.weeks.some((w) => w.posts + w.votes + w.comments > 0) || report.statuses.length > 0;
  const asOf = (
    <p className="mb-6 text-sm text-muted" data-testid="insights-as-of">
      {t.rich('asOf', { range, when: dateTime(updatedAt), time: (chunks) => <time dateTime={updatedAt}>{chunks}</time> })}
    </p>
  );
  if (!active) {
    return (
      <>
        {asOf}
        <EmptyState title={t('emptyTitle')} testId="insights-empty">
          {t('emptyBody')}
        </EmptyState>
      </>
    );
  }
  const f = report.firstResponse;
  return (
    <>
      {asOf}
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <ChartFigure
          chart="activity"
          report={report}
          csvWords={csvWords}
          title={t('activityTitle')}
          name={t('activityName')}
          className="lg:col-span-2"
          picture={<ActivityChart weeks={report.weeks} />}
          table={
            <DataTable
              label={t('activityTable')}
              head={[t('weekStarting'), t('posts'), t('votes'), t('comments')]}
              rows={report.weeks.map((w) => [day(w.week), number(w.posts), number(w.votes), number(w.comments)])}
            />
          }
        />
        <ChartFigure
          chart="statuses"
          report={report}
          csvWords={csvWords}
          title={t('statusesTitle')}
          name={t('statusesName')}
          description={t('statusesDescription')}
          empty={report.statuses.length === 0 ? t('statusesEmpty') : undefined}
          picture={<StatusChart statuses={report.statuses} />}
          table={
            <DataTable
              label={t('statusesTable')}
              head={[t('status'), t('posts')]}
              rows={report.statuses.map((s) => [s.name ? <bdi key="status">{s.name}</bdi> : t('noStatus'), number(s.count)])}
            />
          }
        />
        <ChartFigure
          chart="first-response"
          report={report}
          csvWords={csvWords}
          title={t('responseTitle')}
          name={t('responseName')}
          description={t('responseDescription')}
          empty={f.answered + f.unanswered === 0 ? t('responseEmpty') : undefined}
          picture={
            <p className="text-3xl font-semibold" data-testid="insights-median">
              {f.medianSeconds === null ? t('noAnswers') : duration(f.medianSeconds)}
              <span className="mt-1 block text-sm font-normal text-muted">
                {t('answeredOf', { answered: number(f.answered), total: f.answered + f.unanswered })}
              </span>
            </p>
          }
          table={
            <DataTable
              label={t('responseTable')}
              head={[t('median'), t('answeredPosts'), t('unansweredPosts')]}
              rows={[[f.medianSeconds === null ? '–' : duration(f.medianSeconds), number(f.answered), number(f.unanswered)]]}
            />
          }
        />
        <ChartFigure
          chart="top-requests"
          report={report}
          csvWords={csvWords}
          title={t('topTitle')}
          name={t('topName')}
          description={t('topDescription')}
          empty={report.topRequests.length === 0 ? t('topEmpty') : undefined}
          picture={<TopRequestsChart requests={report.topRequests} />}
          table={
            <DataTable
              label={t('topTable')}
              head={[t('post'), t('board'), t('votesGained'), t('totalVotes')]}
              rows={report.topRequests.map((r) => [
                <Link key={r.number} href={paths.post(r.number)} className="underline">
                  {`#${r.number}`} <bdi>{r.title}</bdi>
                </Link>,
                <bdi key={`board-${r.number}`}>{r.board}</bdi>,
                number(r.votesGained),
                number(r.voteCount),
              ])}
            />
          }
        />
        <ChartFigure
          chart="boards"
          report={report}
          csvWords={csvWords}
          title={t('boardsTitle')}
          name={t('boardsName')}
          description={t('boardsDescription')}
          empty={report.boards.length === 0 ? t('boardsEmpty') : undefined}
          picture={<BoardsChart boards={report.boards} />}
          table={
            <DataTable
              label={t('boardsTable')}
              head={[t('board'), t('posts'), t('votes'), t('comments')]}
              rows={report.boards.map((b) => [<bdi key="board">{b.name}</bdi>, number(b.posts), number(b.votes), number(b.comments)])}
            />
          }
        />
      </div>
    </>
  );
}

/** One chart: its caption, the picture, the same figures as a table, and their CSV download. */
function ChartFigure({
  chart,
  report,
  csvWords,
  title,
  name,
  description,
  picture,
  table,
  empty,
  className,
}: {
  chart: InsightChart;
  report: InsightsReport;
  csvWords: CsvWords;
  title: string;
  /** The chart's name inside a sentence ("Download CSV of …"). */
  name: string;
  description?: string;
  picture: ReactNode;
  table: ReactNode;
  empty?: string;
  className?: string;
}) {
  const t = useTranslations('teamSetup.insights');
  const captionId = `insights-${chart}-caption`;
  return (
    <figure
      aria-labelledby={captionId}
      className={`m-0 rounded-xl border border-border bg-surface p-4 ${className ?? ''}`}
      data-testid={`insights-${chart}`}
    >
      <figcaption id={captionId} className="mb-3">
        <h2 className="text-lg font-semibold">{title}</h2>
        {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      </figcaption>
      {empty ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <>
          {picture}
          <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
            <details className="min-w-0 flex-1 text-sm">
              <summary className="cursor-pointer font-medium underline">{t('showTable')}</summary>
              <div className="mt-2">{table}</div>
            </details>
            <Button variant="secondary" onClick={() => downloadText(csvFileName(report, chart), chartCsv(report, chart, csvWords))}>
              {t.rich('downloadCsv', { chart: name, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
            </Button>
          </div>
        </>
      )}
    </figure>
  );
}

function DataTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  // Scrolls sideways on a narrow screen, and shows that it does.
  return (
    <ScrollRegion label={label} onSurface>
      <table className="w-full text-start text-sm">
        <thead className="text-xs uppercase tracking-wide text-muted">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={`py-1.5 pe-3 font-medium ${i > 0 ? 'text-end' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="border-t border-border">
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="py-1.5 pe-3 font-normal">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="py-1.5 pe-3 text-end tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

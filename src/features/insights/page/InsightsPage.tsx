import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
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
import { formatDateTime } from '@/lib/dates';
import { chartCsv, csvFileName, downloadText, type InsightChart } from '../client/csv';
import { formatDay, formatDuration } from '../format';
import type { InsightsReport } from '../schema';

export type InsightsPageProps = {
  /** null when the period asked for is not valid (`errors` says why). */
  report: InsightsReport | null;
  form: { period: string; from: string; to: string };
  errors: Record<string, string>;
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
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '12m', label: 'Last 12 months' },
  { value: 'custom', label: 'Custom dates' },
];

/** `/admin`: the team's insights over a chosen period. */
export default function InsightsPage({ shell, report, form, errors }: ShellProps & InsightsPageProps) {
  const loading = useNavigationPending();
  return (
    <>
      <TeamNav viewer={shell.viewer} />
      <PageHeading title="Insights" siteName={shell.workspace.name}>
        Activity on every board, private ones included. Days and weeks are counted in UTC; weeks start on Monday.
      </PageHeading>
      {/* Keyed by the period shown, so the form resets to it after each navigation. */}
      <PeriodForm key={`${form.period}|${form.from}|${form.to}`} form={form} errors={errors} busy={loading} />
      <div aria-busy={loading || undefined} className={loading ? 'opacity-60' : undefined} data-testid="insights-results">
        {loading ? (
          <p role="status" className="mb-4 text-sm text-muted">
            Loading the figures for this period…
          </p>
        ) : null}
        {report ? <Report report={report} /> : <Alert tone="error">Choose a valid period to see the figures.</Alert>}
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

function PeriodForm({ form, errors, busy }: { form: InsightsPageProps['form']; errors: Record<string, string>; busy: boolean }) {
  const router = useRouter();
  const [period, setPeriod] = useState(form.period);
  const [from, setFrom] = useState(form.from);
  const [to, setTo] = useState(form.to);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query: Record<string, string> = { period };
    if (period === 'custom') Object.assign(query, { from, to });
    void router.push({ pathname: paths.admin(), query });
  };

  return (
    <form
      method="get"
      action={paths.admin()}
      onSubmit={submit}
      className="mb-8 flex flex-wrap items-end gap-3"
      aria-label="Choose a period"
    >
      <SelectField
        label="Period"
        name="period"
        value={period}
        onChange={(e) => setPeriod(e.target.value)}
        options={PERIOD_OPTIONS}
        error={errors.period}
        className="w-full sm:w-48"
      />
      {period === 'custom' ? (
        <>
          <Field
            label="From"
            name="from"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            error={errors.from}
            required
            className="w-full sm:w-44"
          />
          <Field
            label="To"
            name="to"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={errors.to}
            required
            className="w-full sm:w-44"
          />
        </>
      ) : null}
      <Button type="submit" busy={busy}>
        Show
      </Button>
    </form>
  );
}

function Report({ report }: { report: InsightsReport }) {
  const { period, updatedAt } = report;
  const range = `${formatDay(period.from, true)} to ${formatDay(period.to, true)}`;
  if (!updatedAt) {
    return (
      <Alert>
        The figures are being computed for the first time. This takes a few seconds to a few minutes, depending on how much feedback there
        is; reload the page to see them.
      </Alert>
    );
  }
  const active = report.weeks.some((w) => w.posts + w.votes + w.comments > 0) || report.statuses.length > 0;
  const asOf = (
    <p className="mb-6 text-sm text-muted" data-testid="insights-as-of">
      {range}. Figures as of <time dateTime={updatedAt}>{formatDateTime(updatedAt)}</time>: new activity shows within a minute; removed
      votes, comments and posts within ten minutes for today and yesterday, and overnight for older days.
    </p>
  );
  if (!active) {
    return (
      <>
        {asOf}
        <EmptyState title="No activity in this period" testId="insights-empty">
          Posts, votes and comments appear here once people take part. Choose a longer period to look further back.
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
          title="Posts, votes and comments per week"
          className="lg:col-span-2"
          picture={<ActivityChart weeks={report.weeks} />}
          table={
            <DataTable
              label="Posts, votes and comments per week (table)"
              head={['Week starting', 'Posts', 'Votes', 'Comments']}
              rows={report.weeks.map((w) => [formatDay(w.week, true), w.posts, w.votes, w.comments])}
            />
          }
        />
        <ChartFigure
          chart="statuses"
          report={report}
          title="Status of the period’s new posts"
          description="Where the posts created in this period stand now; merged duplicates are left out."
          empty={report.statuses.length === 0 ? 'No new posts in this period.' : undefined}
          picture={<StatusChart statuses={report.statuses} />}
          table={
            <DataTable
              label="Status of new posts (table)"
              head={['Status', 'Posts']}
              rows={report.statuses.map((s) => [s.name ?? 'No status', s.count])}
            />
          }
        />
        <ChartFigure
          chart="first-response"
          report={report}
          title="Time to the first team response"
          description="Median time from a new post by someone outside the team to the team’s first public comment or status change."
          empty={f.answered + f.unanswered === 0 ? 'No new posts from outside the team in this period.' : undefined}
          picture={
            <p className="text-3xl font-semibold" data-testid="insights-median">
              {f.medianSeconds === null ? 'No answers yet' : formatDuration(f.medianSeconds)}
              <span className="mt-1 block text-sm font-normal text-muted">
                {f.answered} of {f.answered + f.unanswered} new posts answered
              </span>
            </p>
          }
          table={
            <DataTable
              label="First team response (table)"
              head={['Median', 'Answered posts', 'Unanswered posts']}
              rows={[[f.medianSeconds === null ? '–' : formatDuration(f.medianSeconds), f.answered, f.unanswered]]}
            />
          }
        />
        <ChartFigure
          chart="top-requests"
          report={report}
          title="Top requests"
          description="Posts by the votes they gained in this period (votes merged in from duplicates included)."
          empty={report.topRequests.length === 0 ? 'No votes in this period.' : undefined}
          picture={<TopRequestsChart requests={report.topRequests} />}
          table={
            <DataTable
              label="Top requests (table)"
              head={['Post', 'Board', 'Votes gained', 'Total votes']}
              rows={report.topRequests.map((r) => [
                <Link key={r.number} href={paths.post(r.number)} className="underline">
                  #{r.number} {r.title}
                </Link>,
                r.board,
                r.votesGained,
                r.voteCount,
              ])}
            />
          }
        />
        <ChartFigure
          chart="boards"
          report={report}
          title="Most active boards"
          description="Posts, votes and comments in this period."
          empty={report.boards.length === 0 ? 'No activity in this period.' : undefined}
          picture={<BoardsChart boards={report.boards} />}
          table={
            <DataTable
              label="Most active boards (table)"
              head={['Board', 'Posts', 'Votes', 'Comments']}
              rows={report.boards.map((b) => [b.name, b.posts, b.votes, b.comments])}
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
  title,
  description,
  picture,
  table,
  empty,
  className,
}: {
  chart: InsightChart;
  report: InsightsReport;
  title: string;
  description?: string;
  picture: ReactNode;
  table: ReactNode;
  empty?: string;
  className?: string;
}) {
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
              <summary className="cursor-pointer font-medium underline">Show as table</summary>
              <div className="mt-2">{table}</div>
            </details>
            <Button variant="secondary" onClick={() => downloadText(csvFileName(report, chart), chartCsv(report, chart))}>
              Download CSV<span className="sr-only"> of {title.toLowerCase()}</span>
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
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase tracking-wide text-muted">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={`py-1.5 pr-3 font-medium ${i > 0 ? 'text-right' : ''}`}>
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
                  <th key={i} scope="row" className="py-1.5 pr-3 font-normal">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="py-1.5 pr-3 text-right tabular-nums">
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

/**
 * The insights charts (recharts). The page loads this module on demand (next/dynamic), so its
 * weight reaches only the team's /admin. Every chart is a picture of the table beside it: the
 * SVG is hidden from assistive technology, which reads the table instead.
 */
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLocale, useTranslations } from 'use-intl';
import { directionOf } from '@/core/i18n/locales';
import { useFormats } from '@/lib/use-formats';
import { formatDay } from '../format';
import type { InsightBoard, InsightRequest, InsightStatus, InsightWeek } from '../schema';

/** Series colours come from the theme (globals.css), so both themes keep their contrast. */
const SERIES = { posts: 'var(--chart-1)', votes: 'var(--chart-2)', comments: 'var(--chart-3)' };
const AXIS = { stroke: 'var(--muted)', tick: { fill: 'var(--muted)', fontSize: 12 } };
const TOOLTIP = {
  contentStyle: { background: 'var(--surface)', border: '1px solid var(--border)', color: 'var(--fg)', borderRadius: 6 },
  labelStyle: { color: 'var(--fg)' },
  cursor: { fill: 'var(--border)', opacity: 0.4 },
};

/**
 * The chart's words and numbers in the page's language; right to left, the value axis runs from
 * the right and the category axis stands on the right.
 */
function useChartLocale() {
  const t = useTranslations('teamSetup.insights');
  const locale = useLocale();
  const { number } = useFormats();
  const rtl = directionOf(locale) === 'rtl';
  const count = (v: unknown) => (typeof v === 'number' ? number(v) : String(v));
  return { t, locale, rtl, count };
}

function Frame({ height, children }: { height: number; children: React.ReactElement }) {
  return (
    <div aria-hidden="true" className="w-full" style={{ height }} data-testid="insights-chart">
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

export function ActivityChart({ weeks }: { weeks: InsightWeek[] }) {
  const { t, locale, rtl, count } = useChartLocale();
  return (
    <Frame height={280}>
      <LineChart
        data={weeks}
        margin={rtl ? { top: 8, right: -12, bottom: 0, left: 12 } : { top: 8, right: 12, bottom: 0, left: -12 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
        <XAxis dataKey="week" tickFormatter={(w: string) => formatDay(w, false, locale)} {...AXIS} minTickGap={16} reversed={rtl} />
        <YAxis allowDecimals={false} {...AXIS} tickFormatter={count} orientation={rtl ? 'right' : 'left'} />
        <Tooltip {...TOOLTIP} formatter={count} labelFormatter={(w) => t('weekOf', { date: formatDay(String(w), true, locale) })} />
        <Legend wrapperStyle={{ color: 'var(--fg)', fontSize: 12 }} />
        <Line
          type="monotone"
          dataKey="posts"
          name={t('posts')}
          stroke={SERIES.posts}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="votes"
          name={t('votes')}
          stroke={SERIES.votes}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="comments"
          name={t('comments')}
          stroke={SERIES.comments}
          strokeWidth={2}
          strokeDasharray="5 3"
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </Frame>
  );
}

/** A horizontal bar chart's axes: values along, categories down the start side. */
function barAxes(rtl: boolean, count: (v: unknown) => string, width: number) {
  return (
    <>
      <XAxis type="number" allowDecimals={false} {...AXIS} tickFormatter={count} reversed={rtl} />
      <YAxis type="category" dataKey="name" width={width} {...AXIS} orientation={rtl ? 'right' : 'left'} />
    </>
  );
}
const BAR_MARGIN = { top: 0, right: 12, bottom: 0, left: 0 };
/** A title short enough for a bar's label (about 24 characters, cut at a word where it can be). */
function shortTitle(title: string): string {
  const flat = title.replace(/\s+/g, ' ').trim();
  if (flat.length <= 24) return flat;
  const cut = flat.slice(0, 23);
  const space = cut.lastIndexOf(' ');
  return `${(space > 12 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
const BAR_MARGIN_RTL = { top: 0, right: 0, bottom: 0, left: 12 };

export function StatusChart({ statuses }: { statuses: InsightStatus[] }) {
  const { t, rtl, count } = useChartLocale();
  const data = statuses.map((s) => ({ name: s.name ?? t('noStatus'), count: s.count, color: s.color ?? 'var(--muted)' }));
  return (
    <Frame height={Math.max(120, data.length * 36 + 24)}>
      <BarChart data={data} layout="vertical" margin={rtl ? BAR_MARGIN_RTL : BAR_MARGIN} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
        {barAxes(rtl, count, 96)}
        <Tooltip {...TOOLTIP} formatter={count} />
        <Bar dataKey="count" name={t('posts')} isAnimationActive={false}>
          {data.map((d) => (
            <Cell key={d.name} fill={d.color} />
          ))}
        </Bar>
      </BarChart>
    </Frame>
  );
}

export function TopRequestsChart({ requests }: { requests: InsightRequest[] }) {
  const { t, rtl, count } = useChartLocale();
  // Labelled by title, cut to fit the axis (the tooltip and the table have it whole).
  const data = requests.map((r) => ({ name: shortTitle(r.title), title: r.title, gained: r.votesGained }));
  return (
    <Frame height={Math.max(120, data.length * 32 + 24)}>
      <BarChart data={data} layout="vertical" margin={rtl ? BAR_MARGIN_RTL : BAR_MARGIN} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
        {barAxes(rtl, count, 168)}
        <Tooltip {...TOOLTIP} formatter={count} labelFormatter={(_l, payload) => String(payload?.[0]?.payload?.title ?? '')} />
        <Bar dataKey="gained" name={t('votesGained')} fill={SERIES.votes} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

export function BoardsChart({ boards }: { boards: InsightBoard[] }) {
  const { t, rtl, count } = useChartLocale();
  return (
    <Frame height={Math.max(120, boards.length * 40 + 48)}>
      <BarChart data={boards} layout="vertical" margin={rtl ? BAR_MARGIN_RTL : BAR_MARGIN} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
        {barAxes(rtl, count, 96)}
        <Tooltip {...TOOLTIP} formatter={count} />
        <Legend wrapperStyle={{ color: 'var(--fg)', fontSize: 12 }} />
        <Bar dataKey="posts" name={t('posts')} stackId="a" fill={SERIES.posts} isAnimationActive={false} />
        <Bar dataKey="votes" name={t('votes')} stackId="a" fill={SERIES.votes} isAnimationActive={false} />
        <Bar dataKey="comments" name={t('comments')} stackId="a" fill={SERIES.comments} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

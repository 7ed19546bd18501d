/**
 * The insights charts (recharts). The page loads this module on demand (next/dynamic), so its
 * weight reaches only the team's /admin. Every chart is a picture of the table beside it: the
 * SVG is hidden from assistive technology, which reads the table instead.
 */
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
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
  return (
    <Frame height={280}>
      <LineChart data={weeks} margin={{ top: 8, right: 12, bottom: 0, left: -12 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
        <XAxis dataKey="week" tickFormatter={(w: string) => formatDay(w)} {...AXIS} minTickGap={16} />
        <YAxis allowDecimals={false} {...AXIS} />
        <Tooltip {...TOOLTIP} labelFormatter={(w) => `Week of ${formatDay(String(w), true)}`} />
        <Legend wrapperStyle={{ color: 'var(--fg)', fontSize: 12 }} />
        <Line type="monotone" dataKey="posts" name="Posts" stroke={SERIES.posts} strokeWidth={2} dot={false} isAnimationActive={false} />
        <Line type="monotone" dataKey="votes" name="Votes" stroke={SERIES.votes} strokeWidth={2} dot={false} isAnimationActive={false} />
        <Line
          type="monotone"
          dataKey="comments"
          name="Comments"
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

export function StatusChart({ statuses }: { statuses: InsightStatus[] }) {
  const data = statuses.map((s) => ({ name: s.name ?? 'No status', count: s.count, color: s.color ?? 'var(--muted)' }));
  return (
    <Frame height={Math.max(120, data.length * 36 + 24)}>
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} {...AXIS} />
        <YAxis type="category" dataKey="name" width={96} {...AXIS} />
        <Tooltip {...TOOLTIP} />
        <Bar dataKey="count" name="Posts" isAnimationActive={false}>
          {data.map((d) => (
            <Cell key={d.name} fill={d.color} />
          ))}
        </Bar>
      </BarChart>
    </Frame>
  );
}

export function TopRequestsChart({ requests }: { requests: InsightRequest[] }) {
  const data = requests.map((r) => ({ name: `#${r.number}`, title: r.title, gained: r.votesGained }));
  return (
    <Frame height={Math.max(120, data.length * 32 + 24)}>
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} {...AXIS} />
        <YAxis type="category" dataKey="name" width={56} {...AXIS} />
        <Tooltip {...TOOLTIP} labelFormatter={(_l, payload) => String(payload?.[0]?.payload?.title ?? '')} />
        <Bar dataKey="gained" name="Votes gained" fill={SERIES.votes} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

export function BoardsChart({ boards }: { boards: InsightBoard[] }) {
  return (
    <Frame height={Math.max(120, boards.length * 40 + 48)}>
      <BarChart data={boards} layout="vertical" margin={{ top: 0, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} {...AXIS} />
        <YAxis type="category" dataKey="name" width={96} {...AXIS} />
        <Tooltip {...TOOLTIP} />
        <Legend wrapperStyle={{ color: 'var(--fg)', fontSize: 12 }} />
        <Bar dataKey="posts" name="Posts" stackId="a" fill={SERIES.posts} isAnimationActive={false} />
        <Bar dataKey="votes" name="Votes" stackId="a" fill={SERIES.votes} isAnimationActive={false} />
        <Bar dataKey="comments" name="Comments" stackId="a" fill={SERIES.comments} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}
